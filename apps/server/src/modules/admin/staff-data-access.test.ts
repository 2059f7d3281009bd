/**
 * The least personal data each role needs (docs/staff-data-access.md), from the per-role field
 * table (packages/shared/src/staff-access.ts): for every role, every administrator read that shows
 * a person's data is fetched, and a value the role may not see in full never appears in any answer
 * (raw or formatted), while a value it may see does. The search finds a person by a field only for
 * the roles that see that field, and staff accounts are listed to administrators only.
 */
import {
  type PersonalField,
  type Permission,
  type Role,
  can,
  canSearchBy,
  canSeeStaffAccounts,
  fieldView,
  maskCpf,
  maskPhone,
  personalFields,
  roles,
} from '@sorteio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { userSecurityLogs, verificacaoUsuario } from '../../db/schema';
import { createPayout } from '../draws/draws.service';
import { createRoom, joinRoom } from '../rooms/rooms.service';
import { createUser, newCpf, signIn, topUp, useTestApp } from '../../test/helpers';

const cookies = {} as Record<Role, string>;
let player: { id: string; email: string };
let staffMember: { id: string; email: string };
const NAME = 'Marina Quintanilha Dados';
const cpf = newCpf();

/** The player's stored value of every field of the table (a new field must be given one here). */
let stored: Record<PersonalField, string>;
/** Every way a value could be written in an answer. */
const formsOf = (field: PersonalField, value: string) =>
  field === 'cpf'
    ? [value, maskCpf(value)]
    : field === 'telefone'
      ? [value, maskPhone(value)]
      : [value];

/** The administrator reads that show a person's data, with the fields each one shows. */
const reads: { name: string; permission: Permission; url: () => string; shows: PersonalField[] }[] =
  [
    {
      name: 'users list',
      permission: 'users.read',
      url: () => `/api/admin/users?q=${encodeURIComponent(NAME)}`,
      shows: ['email', 'chavePix'],
    },
    {
      name: 'user detail',
      permission: 'users.read',
      url: () => `/api/admin/users/${player.id}`,
      shows: [
        'email',
        'chavePix',
        'cpf',
        'telefone',
        'dataNascimento',
        'enderecoCompleto',
        'numeroDocumento',
        'ipAddress',
      ],
    },
    {
      name: 'identity review queue',
      permission: 'identity.review',
      url: () => '/api/admin/verifications?status=verificado',
      shows: ['email', 'numeroDocumento'],
    },
    {
      name: 'payout queue',
      permission: 'finance.read',
      url: () => '/api/admin/finance/payouts',
      shows: ['email'],
    },
    {
      name: 'transactions report (CSV)',
      permission: 'finance.export',
      url: () => '/api/admin/finance/reports/transactions',
      shows: ['email'],
    },
  ];

const ctx = useTestApp();
beforeAll(async () => {
  let n = 0;
  for (const role of roles)
    cookies[role] = await signIn(ctx, await createUser(ctx, { role }), `198.18.80.${(n += 1)}`);
  const pixKey = 'chave.marina@exemplo.com.br';
  const u = await createUser(ctx, {
    profile: {
      nomeCompleto: NAME,
      cpf,
      telefone: '21976543210',
      dataNascimento: '1987-03-14',
      enderecoCompleto: 'Rua das Palmeiras, 321, Niterói',
      chavePix: pixKey,
      chavePixTipo: 'email',
      isVerified: true,
    },
  });
  player = u;
  const db = ctx.database.db;
  await db.insert(verificacaoUsuario).values({
    userId: u.id,
    tipoDocumento: 'rg',
    numeroDocumento: 'MG4455667',
    fotoDocumentoKey: 'verificacao/x/documento.png',
    selfieKey: 'verificacao/x/selfie.png',
    statusVerificacao: 'verificado',
  });
  await db.insert(userSecurityLogs).values({
    userId: u.id,
    actionType: 'login',
    ipAddress: '203.0.113.77',
    city: 'Niterói',
    country: 'BR',
  });
  // Money, so that the payout queue and the transactions report show the player.
  await topUp(ctx, u.id, 5000);
  const room = await createRoom({
    db,
    input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 4, taxaBp: 1000 },
  });
  await joinRoom({ db, config: ctx.config, userId: u.id, roomId: room.id, metodo: 'balance' });
  await db.transaction((tx) =>
    createPayout(tx, { kind: 'withdrawal', userId: u.id, amount: 1000, pixKey }),
  );
  stored = {
    cpf,
    telefone: '21976543210',
    dataNascimento: '1987-03-14',
    enderecoCompleto: 'Rua das Palmeiras, 321, Niterói',
    numeroDocumento: 'MG4455667',
    chavePix: pixKey,
    ipAddress: '203.0.113.77',
    email: u.email,
  };
  staffMember = await createUser(ctx, {
    role: 'manager',
    profile: { nomeCompleto: `${NAME} Equipe` },
  });
  await db.insert(verificacaoUsuario).values({
    userId: staffMember.id,
    tipoDocumento: 'rg',
    numeroDocumento: 'SP1122334',
    fotoDocumentoKey: 'verificacao/y/documento.png',
    selfieKey: 'verificacao/y/selfie.png',
    statusVerificacao: 'verificado',
  });
});

const get = (url: string, role: Role) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[role] } });

describe('personal data per role', () => {
  it.each(roles)('never answers %s a value it may not see, and shows what it may', async (role) => {
    const wrong: string[] = [];
    let fetched = 0;
    for (const read of reads) {
      if (!can(role, read.permission)) continue;
      const res = await get(read.url(), role);
      expect(res.statusCode, read.name).toBe(200);
      fetched += 1;
      for (const field of personalFields) {
        const present = formsOf(field, stored[field]).some((form) => res.body.includes(form));
        const full = fieldView(role, field) === 'full';
        if (present && !full) wrong.push(`${read.name} shows ${field}`);
        if (!present && full && read.shows.includes(field))
          wrong.push(`${read.name} lacks ${field}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every role with a read of personal data was really checked.
    expect(fetched).toBe(reads.filter((r) => can(role, r.permission)).length);
  });

  it('shows the attendant the masked CPF and phone, and "•••" for what it may not see', async () => {
    const detail = (await get(`/api/admin/users/${player.id}`, 'attendant')).json();
    expect(detail.user).toMatchObject({
      cpf: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      telefone: '(21) *****-3210',
      dataNascimento: '•••',
      enderecoCompleto: '•••',
      chavePix: '•••',
    });
    expect(detail.securityLogs[0]).toMatchObject({ ipAddress: '•••', city: 'Niterói' });
    expect(detail.verification.numeroDocumento).toBe('•••');
  });

  it('finds a person by CPF or PIX key only for the roles that see them', async () => {
    for (const role of roles) {
      if (!can(role, 'users.read')) continue;
      for (const [field, q] of [
        ['cpf', maskCpf(cpf)],
        ['chavePix', stored.chavePix],
        ['email', stored.email],
      ] as const) {
        const ids = (await get(`/api/admin/users?q=${encodeURIComponent(q)}`, role))
          .json()
          .items.map((r: { id: string }) => r.id);
        expect(ids.includes(player.id), `${role} by ${field}`).toBe(canSearchBy(role, field));
      }
    }
  });

  it('lists staff accounts to administrators only', async () => {
    for (const role of roles) {
      if (!can(role, 'users.read')) continue;
      const items = (await get(`/api/admin/users?q=${encodeURIComponent(NAME)}`, role)).json()
        .items as { id: string; role: Role }[];
      const ids = items.map((r) => r.id);
      expect(ids, role).toContain(player.id);
      expect(ids.includes(staffMember.id), role).toBe(canSeeStaffAccounts(role));
      const staffOnly = (await get('/api/admin/users?staff=true', role)).json().items as {
        role: Role;
      }[];
      if (!canSeeStaffAccounts(role)) expect(staffOnly, role).toEqual([]);
      else expect(staffOnly.length, role).toBeGreaterThan(0);
    }
  });

  it('shows staff members’ identity submissions in the review queue to administrators only', async () => {
    for (const role of roles) {
      if (!can(role, 'identity.review')) continue;
      const ids = (await get('/api/admin/verifications?status=verificado', role))
        .json()
        .map((r: { userId: string }) => r.userId);
      expect(ids, role).toContain(player.id);
      expect(ids.includes(staffMember.id), role).toBe(canSeeStaffAccounts(role));
    }
  });
});
