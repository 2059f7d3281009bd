/**
 * Refunds as money and as figures (issue 36 items 4 and 6, issue 35's staff money actions):
 * cancelling a room gives every entry back and takes back the cashback it earned, through the
 * ledger; the operator sees what will be refunded before confirming and the audit row keeps each
 * player's balances; finance and its four CSVs count a refunded entry as 'reembolsado', never as
 * revenue; "Sortear agora" closes an open room and draws it in one transaction, or refuses clearly.
 */
import { type DrawProof, verifyProof } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, participacoes, salas, staffAuditLog } from '../../db/schema';
import {
  createUser,
  expectLedgerInvariants,
  jsonHeaders,
  newCpf,
  signIn,
  useTestApp,
} from '../../test/helpers';
import { createRoom, joinRoom } from '../rooms/rooms.service';
import { runLedgerAudit } from '../wallet/ledger-audit';
import { postTransaction, walletOf } from '../wallet/ledger.service';

let admin: string;
const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.77.1');
});
afterEach(async () => {
  await expectLedgerInvariants(ctx);
  const audit = await runLedgerAudit(ctx.database.db);
  expect(audit.checks.filter((c) => !c.ok)).toEqual([]);
});
const db = () => ctx.database.db;

let funded = 0;
async function player(nome: string, saldo = 10_000) {
  funded += 1;
  const u = await createUser(ctx, {
    profile: { nomeCompleto: nome, cpf: newCpf(), dataNascimento: '1990-01-01', isVerified: true },
  });
  // Credit given by the platform (no PIX behind it), so the audit's money equation holds.
  await postTransaction(db(), {
    kind: 'grant',
    idempotencyKey: `room-refunds:${funded}:${u.id}`,
    description: 'teste',
    userId: u.id,
    entries: [
      { account: { kind: 'platform_grants' }, amount: -saldo },
      { account: { kind: 'user_saldo', userId: u.id }, amount: saldo },
    ],
  });
  return u;
}

const room = (valor: number, max = 5, tipoSala: 'ouro' | 'bronze' | 'prata' = 'ouro') =>
  createRoom({
    db: db(),
    input: {
      tipoSala,
      valorEntradaCentavos: valor,
      maxParticipantes: max,
      taxaBp: 1000,
      sorteioAutomatico: false,
    },
  });

const join = (userId: string, roomId: string, metodo: 'balance' | 'pix' = 'balance') =>
  joinRoom({ db: db(), config: ctx.config, userId, roomId, metodo });

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { ...jsonHeaders, cookie: admin } });

describe('cancelling a room with entrants', () => {
  it('shows the refunds first, gives every entry back, takes back the cashback earned, and audits each balance', async () => {
    const sala = await room(1000);
    // Ana keeps the 2 % cashback (R$ 0,20) her entry earned: it goes back with the refund.
    const ana = await player('Ana Reembolso');
    await join(ana.id, sala.id);
    // Bruno spends his R$ 0,20 on a R$ 1,00 entry in another room before the cancellation (it
    // earns him R$ 0,02): R$ 0,02 is taken back, R$ 0,18 recorded as already spent, his Saldo gets
    // the whole entry back and is never debited for it.
    const bruno = await player('Bruno Reembolso');
    await join(bruno.id, sala.id);
    const other = await room(100, 5, 'bronze');
    await join(bruno.id, other.id);
    expect(await walletOf(db(), bruno.id)).toEqual({ saldo: 8920, cashback: 2 });

    const preview = await call('GET', `/api/admin/rooms/${sala.id}/cancel-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ salaId: sala.id, total: 2000, pendingSeats: 0 });
    expect(preview.json().players).toEqual([
      expect.objectContaining({
        userId: ana.id,
        name: 'Ana Reembolso',
        amount: 1000,
        toSaldo: 1000,
        toCashback: 0,
        cashbackReversed: 20,
        balances: { saldo: 9000, cashback: 20 },
      }),
      expect.objectContaining({
        userId: bruno.id,
        name: 'Bruno Reembolso',
        amount: 1000,
        toSaldo: 1000,
        cashbackReversed: 2,
        balances: { saldo: 8920, cashback: 2 },
      }),
    ]);

    const res = await call('POST', `/api/admin/rooms/${sala.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ refunded: 2 });
    expect(await walletOf(db(), ana.id)).toEqual({ saldo: 10_000, cashback: 0 });
    expect(await walletOf(db(), bruno.id)).toEqual({ saldo: 9920, cashback: 0 });

    // Through the ledger: one reversal per refunded entry that earned cashback, from the player's
    // Cashback back to the platform; the part already spent recorded on the refund.
    const reversals = await db()
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.salaId, sala.id),
          eq(ledgerTransactions.kind, 'cashback_reversal'),
        ),
      );
    expect(reversals.map((r) => r.userId).sort()).toEqual([ana.id, bruno.id].sort());
    const [brunoRefund] = await db()
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.salaId, sala.id),
          eq(ledgerTransactions.kind, 'refund'),
          eq(ledgerTransactions.userId, bruno.id),
        ),
      );
    expect(brunoRefund!.metadata).toEqual({
      cashbackEarned: 20,
      cashbackReversed: 2,
      cashbackUnrecovered: 18,
    });

    const [row] = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'room.cancel'), eq(staffAuditLog.targetId, sala.id)));
    const after = row!.after as {
      total: number;
      refunds: { userId: string; before: unknown; after: unknown; cashbackReversed: number }[];
    };
    expect(after.total).toBe(2000);
    expect(after.refunds.find((r) => r.userId === ana.id)).toMatchObject({
      before: { saldo: 9000, cashback: 20 },
      after: { saldo: 10_000, cashback: 0 },
      cashbackReversed: 20,
    });
    expect(after.refunds.find((r) => r.userId === bruno.id)).toMatchObject({
      before: { saldo: 8920, cashback: 2 },
      after: { saldo: 9920, cashback: 0 },
    });

    // Nothing to preview once cancelled.
    const again = await call('GET', `/api/admin/rooms/${sala.id}/cancel-preview`);
    expect(again.statusCode).toBe(409);
  });

  it('gives back the part of an entry paid with Cashback to the Cashback, then takes the cashback earned', async () => {
    const carla = await player('Carla Cashback');
    // R$ 3,00 of Cashback (a promotion), spent first on the entry.
    await postTransaction(db(), {
      kind: 'cashback',
      idempotencyKey: `room-refunds-cb:${carla.id}`,
      description: 'teste',
      userId: carla.id,
      entries: [
        { account: { kind: 'platform_cashback' }, amount: -300 },
        { account: { kind: 'user_cashback', userId: carla.id }, amount: 300 },
      ],
    });
    const sala = await room(1000);
    await join(carla.id, sala.id);
    expect(await walletOf(db(), carla.id)).toEqual({ saldo: 9300, cashback: 20 });
    const res = await call('POST', `/api/admin/rooms/${sala.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    // Exactly as before she joined.
    expect(await walletOf(db(), carla.id)).toEqual({ saldo: 10_000, cashback: 300 });
  });
});

describe('the ledger audit', () => {
  it('flags a refunded entry that kept the cashback it earned', async () => {
    const sala = await room(1000);
    const davi = await player('Davi Antigo');
    await join(davi.id, sala.id);
    const [seat] = await db()
      .select()
      .from(participacoes)
      .where(and(eq(participacoes.salaId, sala.id), eq(participacoes.userId, davi.id)));
    // A refund as it was posted before the reversal existed: the R$ 0,20 stays with the player.
    await postTransaction(db(), {
      kind: 'refund',
      idempotencyKey: `refund:${seat!.id}`,
      description: 'Reembolso',
      userId: davi.id,
      salaId: sala.id,
      participacaoId: seat!.id,
      entries: [
        { account: { kind: 'room_pool', salaId: sala.id }, amount: -1000 },
        { account: { kind: 'user_saldo', userId: davi.id }, amount: 1000 },
      ],
    });
    await db().update(salas).set({ status: 'cancelada' }).where(eq(salas.id, sala.id));
    const audit = await runLedgerAudit(db());
    const failed = audit.checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.name)).toEqual([
      'Cada lugar reembolsado devolveu o cashback que rendeu (ou registrou o que já tinha sido usado)',
    ]);
    expect(failed[0]!.detail).toContain(seat!.id);
    // Put right as the product does it now, so the file's other checks see a whole ledger.
    await postTransaction(db(), {
      kind: 'cashback_reversal',
      idempotencyKey: `cashback-reversal:${seat!.id}`,
      description: 'Estorno',
      userId: davi.id,
      salaId: sala.id,
      participacaoId: seat!.id,
      entries: [
        { account: { kind: 'user_cashback', userId: davi.id }, amount: -20 },
        { account: { kind: 'platform_cashback' }, amount: 20 },
      ],
    });
  });
});

describe('finance without refunded entries', () => {
  it('leaves refunded entries out of Receita, shows them as reembolsado on screen and in the four CSVs', async () => {
    const before = (await call('GET', '/api/admin/finance/summary')).json();
    const kept = await room(700, 5, 'prata');
    const cancelled = await room(1000, 5, 'prata');
    const eva = await player('Eva Mantida');
    const fabio = await player('Fabio Devolvido');
    await join(eva.id, kept.id);
    await join(fabio.id, cancelled.id);
    await join(eva.id, cancelled.id);
    expect((await call('POST', `/api/admin/rooms/${cancelled.id}/cancel`)).statusCode).toBe(200);

    const summary = (await call('GET', '/api/admin/finance/summary')).json();
    expect(summary.totalRevenue - before.totalRevenue).toBe(700);
    expect(summary.transactions - before.transactions).toBe(1);
    expect(summary.refundedTotal - before.refundedTotal).toBe(2000);
    expect(summary.refundedCount - before.refundedCount).toBe(2);
    // Cashback: R$ 0,14 kept on the R$ 7,00 entry; the two refunded entries' R$ 0,40 taken back.
    expect(summary.cashbackGiven - before.cashbackGiven).toBe(14);

    const daily = (await call('GET', '/api/admin/finance/daily')).json();
    const today = daily.reduce((acc: number, d: { revenue: number }) => acc + d.revenue, 0);
    expect(today).toBe(summary.totalRevenue);

    const recent = (await call('GET', '/api/admin/finance/transactions')).json<
      { userName: string; valorPago: number; statusPagamento: string }[]
    >();
    expect(recent.find((r) => r.userName === 'Fabio Devolvido')!.statusPagamento).toBe(
      'reembolsado',
    );
    expect(
      recent.filter((r) => r.userName === 'Eva Mantida').map((r) => r.statusPagamento),
    ).toEqual(['reembolsado', 'confirmado']);

    const categories = (await call('GET', '/api/admin/finance/categories')).json();
    expect(categories.find((c: { tipoSala: string }) => c.tipoSala === 'prata')).toEqual({
      tipoSala: 'prata',
      total: 700,
      count: 1,
    });

    const csv = async (kind: string) => {
      const res = await call('GET', `/api/admin/finance/reports/${kind}`);
      expect(res.statusCode).toBe(200);
      return res.body.slice(1).trim().split('\r\n');
    };
    const transactions = await csv('transactions');
    const fabioLine = transactions.find((l) => l.includes('Fabio Devolvido'))!;
    expect(fabioLine.endsWith(';reembolsado')).toBe(true);
    expect(
      transactions.filter((l) => l.includes('Eva Mantida')).map((l) => l.split(';').at(-1)),
    ).toEqual(['reembolsado', 'confirmado']);

    const [monthlyHeader, thisMonth] = await csv('monthly');
    const columns = monthlyHeader!.split(';');
    expect(columns.slice(0, 4)).toEqual([
      'Mês',
      'Participações',
      'Receita bruta (R$)',
      'Reembolsos (R$)',
    ]);
    const cells = thisMonth!.split(';');
    const money = (s: string) => Math.round(Number(s.replace(/\./g, '').replace(',', '.')) * 100);
    expect(Number(cells[1])).toBe(summary.transactions);
    expect(money(cells[2]!)).toBe(summary.totalRevenue);
    expect(money(cells[3]!)).toBe(summary.refundedTotal);
    expect(money(cells[columns.indexOf('Cashback (R$)')]!)).toBe(summary.cashbackGiven);

    const [, ...categoryLines] = await csv('categories');
    const prata = categoryLines.find((l) => l.startsWith('Prata'))!.split(';');
    expect(prata.slice(1, 3)).toEqual(['1', '7,00']);

    const [growthHeader, growthMonth] = await csv('growth');
    const g = growthHeader!.split(';');
    expect(Number(growthMonth!.split(';')[g.indexOf('Participações')])).toBe(summary.transactions);
  });
});

describe('"Sortear agora"', () => {
  it('closes an open room and draws it in one audited step, with the entrants frozen at the close', async () => {
    const sala = await room(500, 10);
    for (const nome of ['Gil', 'Helena', 'Igor']) await join((await player(nome)).id, sala.id);
    const res = await call('POST', `/api/admin/rooms/${sala.id}/draw`);
    expect(res.statusCode, res.body).toBe(200);
    const { result, sorteioId } = res.json();
    expect(result).toBe('drawn');
    const [after] = await db().select().from(salas).where(eq(salas.id, sala.id));
    expect(['sorteada', 'finalizada']).toContain(after!.status);
    const proof = (
      await ctx.app.inject({ url: `/api/draws/${sorteioId}/proof` })
    ).json<DrawProof>();
    expect(proof.entrants).toHaveLength(3);
    expect((await verifyProof(proof)).checks.filter((c) => !c.ok)).toEqual([]);
    const [row] = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'room.draw'), eq(staffAuditLog.targetId, sala.id)));
    expect(row!.before).toEqual({ status: 'aberta' });
    expect(row!.after).toMatchObject({ kind: 'drawn', closedForDraw: true, sorteioId });
    // Once drawn it says so.
    const again = await call('POST', `/api/admin/rooms/${sala.id}/draw`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta sala já foi sorteada ou cancelada.');
  });

  it('refuses, changing nothing, while a PIX seat is being paid or with fewer than two paid entrants', async () => {
    const sala = await room(500, 10);
    await join((await player('Joana')).id, sala.id);
    const one = await call('POST', `/api/admin/rooms/${sala.id}/draw`);
    expect(one.statusCode).toBe(409);
    expect(one.json().error.message).toContain('pelo menos dois participantes');
    await join((await player('Karina')).id, sala.id);
    const paying = await player('Lucas Pix');
    await join(paying.id, sala.id, 'pix');
    const pending = await call('POST', `/api/admin/rooms/${sala.id}/draw`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toContain('pagamentos PIX em andamento');
    const [after] = await db().select().from(salas).where(eq(salas.id, sala.id));
    expect(after!.status).toBe('aberta');
    expect(after!.participantesAtual).toBe(3);
    const seats = await db().select().from(participacoes).where(eq(participacoes.salaId, sala.id));
    expect(seats.map((s) => s.statusPagamento).sort()).toEqual([
      'confirmado',
      'confirmado',
      'pendente',
    ]);
    const audited = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'room.draw'), eq(staffAuditLog.targetId, sala.id)));
    expect(audited).toEqual([]);
    // Tidy for the file's ledger audit: the room is cancelled with its refunds.
    expect((await call('POST', `/api/admin/rooms/${sala.id}/cancel`)).statusCode).toBe(200);
  });
});
