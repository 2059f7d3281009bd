/**
 * Accounts added by staff (/admin/add-user, /admin/add-employee): verified only with an audited
 * attestation by a role that reviews identities, otherwise sent through the normal identity
 * checks; and the minimum password length of the settings at sign-up, reset, staff-add and
 * password change, while a password set under an older minimum still signs in.
 */
import { type SessionUser, attestationMessages, can, integrationMessages } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAttestations, profiles, staffAuditLog, user } from '../../db/schema';
import { type AppError } from '../../lib/errors';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  newCpf,
  signIn,
} from '../../test/helpers';
import { createRoom } from '../rooms/rooms.service';
import { createAccount } from './admin-users.service';

let ctx: TestContext;
let admin: { id: string; cookie: string };
let manager: { id: string; cookie: string };
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx, { role: 'admin', profile: { nomeCompleto: 'Ana Admin' } });
  const m = await createUser(ctx, { role: 'manager', profile: { nomeCompleto: 'Gil Gerente' } });
  admin = { id: a.id, cookie: await signIn(ctx, a, '198.18.90.1') };
  manager = { id: m.id, cookie: await signIn(ctx, m, '198.18.90.2') };
});
afterAll(async () => ctx.close());

const post = (url: string, body: unknown, cookie?: string, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const everything = ['documento_com_foto', 'cpf', 'selfie_presenca'];

function newAccount(over: Record<string, unknown> = {}) {
  n += 1;
  return {
    kind: 'user',
    nome_completo: `Pessoa Atendida ${n}`,
    email: `atendida${n}-${Date.now()}@teste.com.br`,
    password: 'Temporaria123',
    role: 'user',
    ...over,
  };
}

async function auditOf(userId: string) {
  return ctx.database.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.targetId, userId))
    .orderBy(staffAuditLog.createdAt);
}

async function profileOf(userId: string) {
  const [p] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, userId));
  return p;
}

describe('staff attestation of a new account', () => {
  it('saves an attested account verified and active, with who, when, what was seen and the note, audited', async () => {
    const cpf = newCpf();
    const before = Date.now();
    const res = await post(
      '/api/admin/users',
      newAccount({
        cpf,
        attestation: {
          documents: everything,
          dataNascimento: '1988-04-12',
          note: 'Atendimento presencial na loja do centro; RG conferido.',
        },
      }),
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created.isVerified).toBe(true);
    expect(await profileOf(created.id)).toMatchObject({
      isVerified: true,
      statusConta: 'ativo',
      cpf,
      dataNascimento: '1988-04-12',
    });
    const [row] = await ctx.database.db
      .select()
      .from(identityAttestations)
      .where(eq(identityAttestations.userId, created.id));
    expect(row).toMatchObject({
      attestedBy: admin.id,
      attestedByRole: 'admin',
      documents: everything,
      note: 'Atendimento presencial na loja do centro; RG conferido.',
    });
    expect(row!.attestedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['user.create', 'identity.attest']);
    expect(audit[1]).toMatchObject({ actorId: admin.id, actorRole: 'admin' });
    expect(audit[1]!.after).toMatchObject({
      documents: everything,
      note: 'Atendimento presencial na loja do centro; RG conferido.',
    });
    // The user drawer shows the attestation.
    const detail = await ctx.app.inject({
      url: `/api/admin/users/${created.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(detail.json().attestation).toMatchObject({
      attestedBy: admin.id,
      attestedByName: 'Ana Admin',
      documents: everything,
    });
  });

  it('lets every role with identity.review attest (a manager too)', async () => {
    expect(can('manager', 'identity.review')).toBe(true);
    const res = await post(
      '/api/admin/users',
      newAccount({
        cpf: newCpf(),
        attestation: { documents: everything, dataNascimento: '1975-01-30', note: '' },
      }),
      manager.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await profileOf(res.json().id))!.isVerified).toBe(true);
    expect((await auditOf(res.json().id)).at(-1)).toMatchObject({
      action: 'identity.attest',
      actorId: manager.id,
      actorRole: 'manager',
    });
  });

  it('refuses an incomplete attestation, one without CPF or of a minor, creating nothing', async () => {
    const cases = [
      {
        body: newAccount({
          cpf: newCpf(),
          attestation: {
            documents: ['documento_com_foto', 'cpf'],
            dataNascimento: '1990-01-01',
            note: '',
          },
        }),
        message: attestationMessages.allDocuments,
      },
      {
        body: newAccount({
          attestation: { documents: everything, dataNascimento: '1990-01-01', note: '' },
        }),
        message: attestationMessages.cpfRequired,
      },
      {
        body: newAccount({ cpf: newCpf(), attestation: { documents: everything, note: '' } }),
        message: attestationMessages.birthDateRequired,
      },
      {
        body: newAccount({
          cpf: newCpf(),
          attestation: {
            documents: everything,
            dataNascimento: `${new Date().getUTCFullYear() - 16}-01-01`,
            note: '',
          },
        }),
        message: 'Você precisa ter 18 anos ou mais para usar a plataforma.',
      },
    ];
    for (const c of cases) {
      const res = await post('/api/admin/users', c.body, admin.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(c.message);
      const found = await ctx.database.db.select().from(user).where(eq(user.email, c.body.email));
      expect(found).toHaveLength(0);
    }
  });

  it('refuses an attestation from a role without identity.review, writing nothing', async () => {
    // No role holds users.create without identity.review today; the service checks it anyway, so
    // a future change of the permission table cannot let such a role verify accounts.
    for (const role of ['partner', 'attendant'] as const) {
      expect(can(role, 'identity.review')).toBe(false);
      const staff: SessionUser = {
        id: manager.id,
        email: 'equipe@teste.com.br',
        name: 'Equipe',
        role,
        isAdmin: false,
        isStaff: true,
        emailVerified: true,
        twoFactorEnabled: false,
        mustChangePassword: false,
      };
      const input = newAccount({
        cpf: newCpf(),
        attestation: { documents: everything, dataNascimento: '1990-01-01', note: 'vi tudo' },
      });
      await expect(
        createAccount({
          db: ctx.database.db,
          staff,
          actor: { id: staff.id, email: staff.email, role, ip: null },
          input: input as never,
        }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: attestationMessages.forbidden,
      } satisfies Partial<AppError>);
      const found = await ctx.database.db.select().from(user).where(eq(user.email, input.email));
      expect(found).toHaveLength(0);
    }
    // Support reviews identities but does not add accounts at all.
    const support = await createUser(ctx, { role: 'support' });
    const res = await post(
      '/api/admin/users',
      newAccount({
        cpf: newCpf(),
        attestation: { documents: everything, dataNascimento: '1990-01-01', note: '' },
      }),
      await signIn(ctx, support, '198.18.90.3'),
    );
    expect(res.statusCode).toBe(403);
  });

  it('leaves an account added without attestation unverified, to the normal identity checks', async () => {
    for (const [cookie, kind, role] of [
      [admin.cookie, 'user', 'user'],
      [manager.cookie, 'user', 'user'],
      [admin.cookie, 'employee', 'attendant'],
    ] as const) {
      const res = await post('/api/admin/users', newAccount({ kind, role }), cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().isVerified).toBe(false);
      expect(await profileOf(res.json().id)).toMatchObject({
        isVerified: false,
        statusConta: 'ativo',
      });
      const rows = await ctx.database.db
        .select()
        .from(identityAttestations)
        .where(eq(identityAttestations.userId, res.json().id));
      expect(rows).toHaveLength(0);
      const audit = await auditOf(res.json().id);
      expect(audit.map((a) => a.action)).toEqual([
        kind === 'employee' ? 'staff.create' : 'user.create',
      ]);
    }
  });

  it('lets an attested account join a room once it sets its own password; an unattested one is asked to verify', async () => {
    const sala = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'bronze', valorEntradaCentavos: 500, maxParticipantes: 5, taxaBp: 1500 },
    });
    const join = async (body: Record<string, unknown>) => {
      const created = (await post('/api/admin/users', body, admin.cookie)).json();
      const first = await signIn(
        ctx,
        { email: created.email, password: 'Temporaria123' },
        `198.18.91.${n}`,
      );
      const changed = await post(
        '/api/account/change-password',
        { currentPassword: 'Temporaria123', newPassword: 'MinhaSenha2025' },
        first,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const cookie = await signIn(
        ctx,
        { email: created.email, password: 'MinhaSenha2025' },
        `198.18.92.${n}`,
      );
      return post(`/api/rooms/${sala.id}/join`, { metodo: 'pix' }, cookie);
    };
    const attested = await join(
      newAccount({
        cpf: newCpf(),
        attestation: { documents: everything, dataNascimento: '1990-01-01', note: '' },
      }),
    );
    expect(attested.statusCode, attested.body).toBe(200);
    const plain = await join(newAccount());
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.message).toMatch(/^Verificação Necessária/);
  });
});

describe('minimum password length from the settings', () => {
  const setMin = async (passwordMinLength: number) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...jsonHeaders, cookie: admin.cookie },
      payload: JSON.stringify({ passwordMinLength }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('governs sign-up, reset, staff-added accounts and password changes; an older shorter password still signs in', async () => {
    // A password of 8 set while the minimum was 8.
    const old = await createUser(ctx, { password: 'oito8888' });
    await setMin(12);
    try {
      const publicSettings = await ctx.app.inject({ url: '/api/public/settings' });
      expect(publicSettings.json().passwordMinLength).toBe(12);

      // Sign-in with the older, shorter password still works.
      const cookie = await signIn(ctx, old, '198.18.93.1');
      expect(cookie).toContain('=');

      const tooShort = integrationMessages.passwordTooShort(12);
      const signUp = (password: string) =>
        post(
          '/api/auth/sign-up/email',
          {
            name: 'Pessoa',
            email: `minimo${password.length}-${Date.now()}@teste.com.br`,
            password,
            acceptLegalTerms: true,
          },
          undefined,
          '198.18.93.2',
        );
      const shortSignUp = await signUp('onze-chars!');
      expect(shortSignUp.statusCode).toBe(400);
      expect(shortSignUp.json().error.message).toBe(tooShort);
      expect((await signUp('doze-chars!!')).statusCode).toBe(200);

      // Recovery: the new password follows the setting.
      await post(
        '/api/auth/request-password-reset',
        { email: old.email, redirectTo: '/reset-password' },
        undefined,
        '198.18.93.3',
      );
      const mail = ctx.mailer.sent.findLast((m) => m.to === old.email)!;
      const token = new URL(/(https?:\/\/\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
      const shortReset = await post(
        '/api/auth/reset-password',
        { newPassword: 'onze-chars!', token },
        undefined,
        '198.18.93.3',
      );
      expect(shortReset.statusCode).toBe(400);
      expect(shortReset.json().error.message).toBe(tooShort);
      // The refused attempt did not use the token: the old password still works too.
      await signIn(ctx, old, '198.18.93.4');

      // Staff-added accounts.
      const shortAdd = await post(
        '/api/admin/users',
        newAccount({ password: 'onze-chars!' }),
        admin.cookie,
      );
      expect(shortAdd.statusCode).toBe(400);
      expect(shortAdd.json().error.message).toBe(tooShort);
      const added = await post(
        '/api/admin/users',
        newAccount({ password: 'doze-chars!!' }),
        admin.cookie,
      );
      expect(added.statusCode, added.body).toBe(200);

      // A change of password (the temporary one is still accepted as the current one).
      const first = await signIn(
        ctx,
        { email: added.json().email, password: 'doze-chars!!' },
        '198.18.93.5',
      );
      const shortChange = await post(
        '/api/account/change-password',
        { currentPassword: 'doze-chars!!', newPassword: 'onze-chars!' },
        first,
      );
      expect(shortChange.statusCode).toBe(400);
      expect(shortChange.json().error.message).toBe(tooShort);

      const okReset = await post(
        '/api/auth/reset-password',
        { newPassword: 'doze-chars-ok', token },
        undefined,
        '198.18.93.3',
      );
      expect(okReset.statusCode, okReset.body).toBe(200);
      await signIn(ctx, { email: old.email, password: 'doze-chars-ok' }, '198.18.93.6');
    } finally {
      await setMin(8);
    }
    const stored = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'settings.update'), eq(staffAuditLog.actorId, admin.id)));
    expect(stored.length).toBeGreaterThanOrEqual(2);
  });
});
