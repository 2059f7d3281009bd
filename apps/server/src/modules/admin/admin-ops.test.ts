/**
 * The administrators' users, finance and add-account APIs end to end: figures equal the ledger,
 * CSV for Excel pt-BR with formula injection neutralized, search, and the audit row of each change.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog } from '../../db/schema';
import { createRoom } from '../rooms/rooms.service';
import {
  createUser,
  joinFromBalance,
  jsonHeaders,
  setVerified,
  signIn,
  topUp,
  useTestApp,
} from '../../test/helpers';

let admin: string;
let manager: string;
let attendant: string;
let evil: { id: string };
const db = () => ctx.database.db;

async function fundedPlayer(nomeCompleto: string) {
  const u = await createUser(ctx, { profile: { nomeCompleto } });
  await setVerified(ctx, u.id);
  await topUp(ctx, u.id, 5000);
  return u;
}

const auditRows = (action: string, targetId: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)));

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.91.1');
  manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.91.2');
  attendant = await signIn(ctx, await createUser(ctx, { role: 'attendant' }), '198.18.91.3');
  evil = await fundedPlayer('=HYPERLINK("http://x")');
  const other = await fundedPlayer('Beatriz Lima');
  const room = await createRoom({
    db: db(),
    input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 5, taxaBp: 1000 },
  });
  await joinFromBalance(ctx, room.id, [evil, other]);
});

const get = (url: string, cookie: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...jsonHeaders, cookie },
    payload: payload as object,
  });

describe('finance from the ledger', () => {
  it('reports the two paid entries as revenue and transactions', async () => {
    const res = await get('/api/admin/finance/summary', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalRevenue: 2000,
      transactions: 2,
      averageValue: 1000,
      categories: 1,
    });
    const cats = await get('/api/admin/finance/categories', admin);
    expect(cats.json()).toEqual([{ tipoSala: 'ouro', total: 2000, count: 2 }]);
  });

  it('exports CSV for Excel pt-BR with formula injection neutralized, and audits the export', async () => {
    const res = await get('/api/admin/finance/reports/transactions', manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const body = res.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = body.slice(1).trim().split('\r\n');
    expect(header).toBe(
      'Data;Jogador;E-mail;Tipo de sala;Número da sorte;Valor (R$);Forma de pagamento;Status',
    );
    expect(lines).toHaveLength(2);
    const evilLine = lines.find((l) => l.includes('HYPERLINK'))!;
    // The name is quoted by csv-stringify (it has quotes) and starts with an apostrophe inside.
    expect(evilLine).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(evilLine).toContain(';10,00;Saldo;');
    expect(await auditRows('finance.export', 'transactions')).toHaveLength(1);
  });

  it('refuses the export to a role without finance', async () => {
    const res = await get('/api/admin/finance/reports/transactions', attendant);
    expect(res.statusCode).toBe(403);
  });
});

describe('users', () => {
  it('searches by name case-insensitively and partially, and pages by 50', async () => {
    const res = await get('/api/admin/users?q=beatRIZ%20li', attendant);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ items: { nomeCompleto: string }[]; total: number; pageSize: number }>();
    expect(list.items.map((u) => u.nomeCompleto)).toEqual(['Beatriz Lima']);
    expect(list.pageSize).toBe(50);
    const far = await get('/api/admin/users?page=999', admin);
    expect(far.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('suspends a player and writes the audit row; an attendant cannot', async () => {
    const denied = await post(`/api/admin/users/${evil.id}/status`, attendant, {
      statusConta: 'suspenso',
    });
    expect(denied.statusCode).toBe(403);
    const res = await post(`/api/admin/users/${evil.id}/status`, manager, {
      statusConta: 'suspenso',
    });
    expect(res.statusCode).toBe(200);
    const rows = await db().select().from(staffAuditLog).where(eq(staffAuditLog.targetId, evil.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorRole: 'manager', targetType: 'user' });
    expect(rows[0]!.after).toMatchObject({ statusConta: 'suspenso' });
  });
});

describe('add user and add employee', () => {
  const employee = {
    kind: 'employee',
    nome_completo: 'Ana Suporte',
    email: 'ana.suporte@teste.com.br',
    role: 'support',
  };

  it('lets only an administrator add an employee, audited, and refuses the duplicate e-mail', async () => {
    expect((await post('/api/admin/users', manager, employee)).statusCode).toBe(403);
    const res = await post('/api/admin/users', admin, employee);
    expect(res.statusCode).toBe(200);
    const created = res.json<{ id: string; role: string }>();
    expect(created).toMatchObject({ role: 'support', setPasswordLink: { sent: true } });
    expect(await auditRows('staff.create', created.id)).toHaveLength(1);
    const dup = await post('/api/admin/users', admin, employee);
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ error: { message: string } }>().error.message).toBe(
      'Este e-mail já está cadastrado.',
    );
  });

  it('requires e-mail and name, and a user can only be a Usuário', async () => {
    const missing = await post('/api/admin/users', manager, {
      ...employee,
      kind: 'user',
      role: 'user',
      nome_completo: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Email e nome completo são obrigatórios');
    const promoted = await post('/api/admin/users', manager, {
      ...employee,
      kind: 'user',
      email: 'x@teste.com.br',
    });
    expect(promoted.statusCode).toBe(400);
  });
});
