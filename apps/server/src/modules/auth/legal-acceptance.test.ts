import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { legalAcceptanceMessages, legalDocuments } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { legalAcceptances, user } from '../../db/schema';
import { jsonHeaders, signIn, useTestApp } from '../../test/helpers';

let ipCounter = 10;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

const ctx = useTestApp();

function signUp(payload: object, ip = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: jsonHeaders,
    payload,
    remoteAddress: ip,
  });
}

async function userByEmail(email: string) {
  const [row] = await ctx.database.db.select().from(user).where(eq(user.email, email));
  return row;
}

async function confirmAndSignIn(email: string, password: string) {
  const mail = ctx.mailer.sent.find((m) => m.to === email);
  const link = new URL(/(https?:\/\/\S+)/.exec(mail!.text)![1]!);
  await ctx.app.inject({ url: link.pathname + link.search });
  return signIn(ctx, { email, password }, nextIp());
}

describe('acceptance of the Termos de Uso and the Regulamento at sign-up', () => {
  it.each([
    ['without the field', {}],
    ['with false', { acceptLegalTerms: false }],
    ['with a string', { acceptLegalTerms: 'true' }],
  ])('refuses a sign-up %s, creating nothing', async (_label, extra) => {
    const email = `sem.aceite.${String(ipCounter)}@teste.com.br`;
    const res = await signUp({ email, password: 'segredo12', name: 'sem.aceite', ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(legalAcceptanceMessages.required);
    expect(await userByEmail(email)).toBeUndefined();
    expect(ctx.mailer.sent.some((m) => m.to === email)).toBe(false);
  });

  it('stores the acceptance with both versions, the time and the address', async () => {
    const email = 'com.aceite@teste.com.br';
    const before = Date.now();
    const res = await signUp(
      { email, password: 'segredo12', name: 'com.aceite', acceptLegalTerms: true },
      '198.51.100.200',
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = await userByEmail(email);
    expect(created).toBeDefined();
    const rows = await ctx.database.db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, created!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      termsVersion: legalDocuments.termos.version,
      rulesVersion: legalDocuments.regulamento.version,
      ipAddress: '198.51.100.200',
    });
    expect(rows[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]!.acceptedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('adds no acceptance for a repeated e-mail (the existing account keeps its own)', async () => {
    const email = 'repetida@teste.com.br';
    const payload = { email, password: 'segredo12', name: 'repetida', acceptLegalTerms: true };
    expect((await signUp(payload)).statusCode).toBe(200);
    expect((await signUp(payload)).statusCode).toBe(200);
    const created = await userByEmail(email);
    const rows = await ctx.database.db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, created!.id));
    expect(rows).toHaveLength(1);
  });

  it('puts the acceptance in the LGPD export and keeps it when the account is deleted', async () => {
    const email = 'exporta.aceite@teste.com.br';
    const password = 'segredo12';
    const res = await signUp(
      { email, password, name: 'exporta', acceptLegalTerms: true },
      '198.51.100.201',
    );
    expect(res.statusCode).toBe(200);
    const cookie = await confirmAndSignIn(email, password);

    const exported = await ctx.app.inject({ url: '/api/profile/export', headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.aceitesDeTermos).toEqual([
      {
        termsVersion: legalDocuments.termos.version,
        rulesVersion: legalDocuments.regulamento.version,
        acceptedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        ip: '198.51.100.201',
      },
    ]);

    const id = (await userByEmail(email))!.id;
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/delete',
      headers: { ...jsonHeaders, cookie },
      payload: { confirmacao: 'EXCLUIR', senha: password },
    });
    expect(deleted.json()).toEqual({ deleted: true });
    const kept = await ctx.database.db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, id));
    expect(kept).toHaveLength(1);
  });
});

describe('the operator in the public configuration', () => {
  it('serves the operating company from the configuration', async () => {
    const config = (await ctx.app.inject({ url: '/api/public/config' })).json();
    expect(config.operator).toEqual({
      name: 'Sorteio Certo Demonstração Ltda.',
      cnpj: '11222333000181',
      address: expect.stringContaining('demonstração'),
      authorization: expect.objectContaining({ demonstration: true }),
    });
  });

  it('takes OPERATOR_* from the environment and stops on a wrong CNPJ', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-cfg-'));
    try {
      const c = loadConfig({
        DATA_DIR: dir,
        OPERATOR_NAME: 'Exemplo Sorteios S.A.',
        OPERATOR_CNPJ: '11.444.777/0001-61',
        OPERATOR_ADDRESS: 'Rua Exemplo, 10, Centro, Curitiba - PR, 80000-000',
      });
      expect(c.operator).toEqual({
        name: 'Exemplo Sorteios S.A.',
        cnpj: '11444777000161',
        address: 'Rua Exemplo, 10, Centro, Curitiba - PR, 80000-000',
        authorization: expect.objectContaining({ demonstration: true }),
      });
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: dir, OPERATOR_CNPJ: '11.444.777/0001-62' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(
        'OPERATOR_CNPJ: CNPJ inválido (confira os 14 dígitos e os dígitos verificadores)',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
