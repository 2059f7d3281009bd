/**
 * The operator's authorisation to run paid draws (issue 33): configuration like the CNPJ, served
 * to the footer and the legal pages, and checked at start: a real production server without it
 * starts only with OPERATOR_AUTHORIZATION_ACK=sem-autorizacao, and says so in its log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicConfigSchema } from '@sorteio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp } from '../../test/helpers';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-auth-cfg-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/sorteio',
  APP_SECRET: 'a-production-secret-a-production-secret',
};
const real = {
  OPERATOR_AUTHORIZATION_AUTHORITY: 'Secretaria de Prêmios e Apostas',
  OPERATOR_AUTHORIZATION_ACT: 'Portaria SPA/MF nº 1.234',
  OPERATOR_AUTHORIZATION_DATE: '2026-03-15',
  OPERATOR_AUTHORIZATION_URL: 'https://www.gov.br/fazenda/registro/1234',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the operator authorisation in the configuration', () => {
  it('refuses a production server without it, naming the variable', () => {
    expect(configError(production)).toContain(
      'OPERATOR_AUTHORIZATION_AUTHORITY: a autorização do operador é obrigatória em produção',
    );
    expect(configError(production)).toContain('OPERATOR_AUTHORIZATION_ACK=sem-autorizacao');
  });

  it('takes the four values, and refuses a bad date, a non-https link or half of them', () => {
    const c = loadConfig({ DATA_DIR: dir, ...production, ...real });
    expect(c.operator.authorization).toEqual({
      authority: 'Secretaria de Prêmios e Apostas',
      act: 'Portaria SPA/MF nº 1.234',
      date: '2026-03-15',
      url: 'https://www.gov.br/fazenda/registro/1234',
      demonstration: false,
    });
    expect(c.startWarnings).toEqual([]);
    expect(configError({ ...real, OPERATOR_AUTHORIZATION_DATE: '2026-02-30' })).toContain(
      'OPERATOR_AUTHORIZATION_DATE: deve ser uma data válida no formato AAAA-MM-DD',
    );
    expect(configError({ ...real, OPERATOR_AUTHORIZATION_URL: 'http://gov.br/x' })).toContain(
      'OPERATOR_AUTHORIZATION_URL: deve ser o endereço https:// do registro público',
    );
    const { OPERATOR_AUTHORIZATION_ACT: _act, ...half } = real;
    expect(configError(half)).toContain(
      'OPERATOR_AUTHORIZATION_ACT: é obrigatório junto com as outras variáveis OPERATOR_AUTHORIZATION_*',
    );
    expect(configError({ ...production, OPERATOR_AUTHORIZATION_ACK: 'sim' })).toContain(
      'OPERATOR_AUTHORIZATION_ACK: o único valor aceito é sem-autorizacao',
    );
  });

  it('shows marked demonstration values in the demo and in development', () => {
    for (const env of [{}, { NODE_ENV: 'production' }]) {
      const c = loadConfig({ DATA_DIR: dir, ...env });
      expect(c.operator.authorization).toMatchObject({ demonstration: true });
      expect(c.startWarnings).toEqual([]);
    }
  });

  it('starts with the acknowledgement, logs the warning and serves a null authorisation', async () => {
    const acknowledged = loadConfig({
      DATA_DIR: dir,
      ...production,
      OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
    });
    expect(acknowledged.operator.authorization).toBeNull();
    const lines: Record<string, unknown>[] = [];
    const ctx = await createTestApp({
      config: {
        logLevel: 'warn',
        operator: acknowledged.operator,
        startWarnings: acknowledged.startWarnings,
      },
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: expect.stringContaining(
            'Servidor iniciado SEM autorização do operador (OPERATOR_AUTHORIZATION_ACK=sem-autorizacao)',
          ),
        }),
      );
      const body = (await ctx.app.inject({ url: '/api/public/config' })).json();
      expect(publicConfigSchema.parse(body).operator.authorization).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  it('serves the authorisation in the public configuration (the footer reads it)', async () => {
    const ctx = await createTestApp();
    try {
      const body = (await ctx.app.inject({ url: '/api/public/config' })).json();
      const parsed = publicConfigSchema.parse(body);
      expect(parsed.operator.authorization).toEqual({
        authority: expect.stringContaining('demonstração'),
        act: expect.any(String),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        url: expect.stringMatching(/^https:\/\//),
        demonstration: true,
      });
    } finally {
      await ctx.close();
    }
  });
});
