/** Refunds of a cancelled room's entries, the operator's preview of them, and cancelling a room. */
import { and, type AnyColumn, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  profiles,
  salas,
  sorteios,
  user,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { firstName } from '../../../lib/names';
import {
  type AccountRef,
  type DbOrTx,
  type PostInput,
  type Tx,
  lockAccounts,
  lockedBalance,
  moneyTransaction,
  postTransactions,
  walletOf,
} from '../../wallet';
import type { DrawOutcome } from './settle';

export type Entrant = { id: string; userId: string; valorPago: number };
type Balances = { saldo: number; cashback: number };

/** What a refund does to one player, in centavos (the cancel preview and the audit row show it). */
export interface PlayerRefund {
  userId: string;
  participacaoId: string;
  amount: number;
  toSaldo: number;
  toCashback: number;
  /** Cashback the entry earned when it was confirmed. */
  cashbackEarned: number;
  /** The part of it taken back with the refund (what the player still held). */
  cashbackReversed: number;
  /** The part the player had already spent: recorded on the refund, never taken from the Saldo. */
  cashbackUnrecovered: number;
  before: Balances;
  after: Balances;
}

/** The ledger's key of an entry's refund (unique): finance tells a refunded entry by it. */
export const refundKey = (participacaoId: string) => `refund:${participacaoId}`;

/**
 * True when the participation whose id is `participacaoId` (an SQL expression) was refunded. Reads
 * the ledger through the unique idempotency key, so it costs one index probe.
 */
export const isRefundedSql = (participacaoId: SQL | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${ledgerTransactions} r where r.idempotency_key = 'refund:' || (${participacaoId})::text)`;

/**
 * What each confirmed entry of a room paid from the Cashback (0 for PIX and Saldo-only entries)
 * and the cashback it earned, read from the ledger (not from today's settings).
 */
async function entryMoney(db: DbOrTx, salaId: string) {
  const rows = await db
    .select({
      participacaoId: ledgerTransactions.participacaoId,
      kind: ledgerTransactions.kind,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.salaId, salaId),
        inArray(ledgerTransactions.kind, ['entry_balance', 'cashback']),
        eq(ledgerAccounts.kind, 'user_cashback'),
      ),
    );
  const fromCashback = new Map<string, number>();
  const earned = new Map<string, number>();
  for (const r of rows) {
    if (!r.participacaoId) continue;
    const map = r.kind === 'cashback' ? earned : fromCashback;
    map.set(r.participacaoId, (map.get(r.participacaoId) ?? 0) + Math.abs(r.amount));
  }
  return { fromCashback, earned };
}

/**
 * The refund of each entry: the part paid with Cashback back to the Cashback, the rest (Saldo or
 * PIX) to the Saldo; then the cashback the entry earned is taken back, as far as the player still
 * holds Cashback (the refund's own Cashback part included). What they already spent on other
 * entries is recorded as unrecovered: the refund always gives back exactly what was paid, and the
 * Saldo (withdrawable money) is never debited for promotional credit, so no balance goes negative.
 * `balances` is updated as the plan goes (one player may appear once per room).
 */
function planRefunds(
  entrants: Entrant[],
  money: Awaited<ReturnType<typeof entryMoney>>,
  balances: Map<string, Balances>,
): PlayerRefund[] {
  return entrants.map((e) => {
    const before = balances.get(e.userId) ?? { saldo: 0, cashback: 0 };
    const toCashback = Math.min(money.fromCashback.get(e.id) ?? 0, e.valorPago);
    const toSaldo = e.valorPago - toCashback;
    const cashbackEarned = money.earned.get(e.id) ?? 0;
    const cashbackReversed = Math.min(cashbackEarned, before.cashback + toCashback);
    const after = {
      saldo: before.saldo + toSaldo,
      cashback: before.cashback + toCashback - cashbackReversed,
    };
    balances.set(e.userId, after);
    return {
      userId: e.userId,
      participacaoId: e.id,
      amount: e.valorPago,
      toSaldo,
      toCashback,
      cashbackEarned,
      cashbackReversed,
      cashbackUnrecovered: cashbackEarned - cashbackReversed,
      before,
      after,
    };
  });
}

/**
 * Gives every confirmed entry of a room back (see `planRefunds`), each as a 'refund' ledger
 * transaction and, when the entry earned cashback the player still holds, a 'cashback_reversal'
 * one, in the caller's database transaction. Locks the pool and every entrant's accounts in one
 * sorted statement first (docs/decisions/007-money-lock-order.md).
 */
export async function refundEntries(
  tx: Tx,
  room: { id: string; tipoSala: string },
  entrants: Entrant[],
): Promise<PlayerRefund[]> {
  if (entrants.length === 0) return [];
  const refs: AccountRef[] = [{ kind: 'room_pool', salaId: room.id }];
  for (const e of entrants)
    refs.push(
      { kind: 'user_saldo', userId: e.userId },
      { kind: 'user_cashback', userId: e.userId },
    );
  const locked = await lockAccounts(tx, refs);
  const balances = new Map<string, Balances>();
  for (const e of entrants)
    balances.set(e.userId, {
      saldo: lockedBalance(locked, { kind: 'user_saldo', userId: e.userId }),
      cashback: lockedBalance(locked, { kind: 'user_cashback', userId: e.userId }),
    });
  const plan = planRefunds(entrants, await entryMoney(tx, room.id), balances);
  const posts: PostInput[] = [];
  for (const r of plan) {
    posts.push({
      kind: 'refund',
      idempotencyKey: refundKey(r.participacaoId),
      description: `Reembolso: sala ${room.tipoSala} cancelada`,
      userId: r.userId,
      salaId: room.id,
      participacaoId: r.participacaoId,
      metadata: {
        cashbackEarned: r.cashbackEarned,
        cashbackReversed: r.cashbackReversed,
        cashbackUnrecovered: r.cashbackUnrecovered,
      },
      entries: [
        { account: { kind: 'room_pool', salaId: room.id }, amount: -r.amount },
        { account: { kind: 'user_cashback', userId: r.userId }, amount: r.toCashback },
        { account: { kind: 'user_saldo', userId: r.userId }, amount: r.toSaldo },
      ],
    });
    if (r.cashbackReversed > 0)
      posts.push({
        kind: 'cashback_reversal',
        idempotencyKey: `cashback-reversal:${r.participacaoId}`,
        description: `Estorno do cashback: sala ${room.tipoSala} cancelada`,
        userId: r.userId,
        salaId: room.id,
        participacaoId: r.participacaoId,
        entries: [
          { account: { kind: 'user_cashback', userId: r.userId }, amount: -r.cashbackReversed },
          { account: { kind: 'platform_cashback' }, amount: r.cashbackReversed },
        ],
      });
  }
  await postTransactions(tx, posts);
  return plan;
}

/** The message of a room that can no longer be cancelled. */
const settledMessage = 'Esta sala já foi sorteada ou cancelada e não pode ser cancelada.';

/**
 * The room, while it may still be cancelled: 404 when missing, 409 once drawn, settled or
 * cancelled. `lock` locks its row for the cancellation.
 */
async function cancellableRoom(db: DbOrTx, salaId: string, { lock = false } = {}) {
  const query = db.select().from(salas).where(eq(salas.id, salaId)).$dynamic();
  const [room] = await (lock ? query.for('update') : query);
  if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
  const [drawn] = await db
    .select({ id: sorteios.id })
    .from(sorteios)
    .where(eq(sorteios.salaId, salaId));
  if (drawn || ['sorteada', 'finalizada', 'cancelada'].includes(room.status))
    throw new AppError('CONFLICT', { message: settledMessage, reason: 'ROOM_SETTLED' });
  return room;
}

/**
 * What cancelling a room would refund, read without locking (the operator's confirmation): the
 * same plan `cancelRoom` carries out, on the balances of this moment.
 */
export async function previewCancellation(db: Db, salaId: string) {
  await cancellableRoom(db, salaId);
  const seats = await db
    .select({
      id: participacoes.id,
      userId: participacoes.userId,
      valorPago: participacoes.valorPago,
      status: participacoes.statusPagamento,
      nome: profiles.nomeCompleto,
      email: user.email,
    })
    .from(participacoes)
    .innerJoin(user, eq(user.id, participacoes.userId))
    .leftJoin(profiles, eq(profiles.id, participacoes.userId))
    .where(
      and(
        eq(participacoes.salaId, salaId),
        inArray(participacoes.statusPagamento, ['confirmado', 'pendente']),
      ),
    )
    .orderBy(asc(participacoes.createdAt));
  const entrants = seats.filter((s) => s.status === 'confirmado');
  const balances = new Map<string, Balances>();
  for (const e of entrants) balances.set(e.userId, await walletOf(db, e.userId));
  const plan = planRefunds(entrants, await entryMoney(db, salaId), new Map(balances));
  const who = new Map(entrants.map((e) => [e.userId, e]));
  return {
    salaId,
    total: plan.reduce((acc, r) => acc + r.amount, 0),
    pendingSeats: seats.length - entrants.length,
    players: plan.map((r) => ({
      userId: r.userId,
      name: who.get(r.userId)?.nome ?? firstName(null, 'Jogador'),
      email: who.get(r.userId)?.email ?? '',
      amount: r.amount,
      toSaldo: r.toSaldo,
      toCashback: r.toCashback,
      cashbackReversed: r.cashbackReversed,
      balances: r.before,
    })),
  };
}

/**
 * An administrator cancels a room that is not drawn yet: seats waiting for PIX are released (a
 * PIX that still arrives goes to the payer's Saldo), every confirmed entry is refunded, the room
 * becomes 'cancelada'. `audit` runs inside the same transaction (the caller's audit row).
 */
export async function cancelRoom({
  db,
  salaId,
  audit,
}: {
  db: Db;
  salaId: string;
  audit?: (tx: Tx, before: typeof salas.$inferSelect, refunds: PlayerRefund[]) => Promise<void>;
}): Promise<Extract<DrawOutcome, { kind: 'cancelled' }>> {
  return moneyTransaction(db, async (tx) => {
    const room = await cancellableRoom(tx, salaId, { lock: true });
    const now = new Date();
    await tx
      .update(participacoes)
      .set({ statusPagamento: 'cancelado', updatedAt: now })
      .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'pendente')));
    const entrants = await tx
      .select({
        id: participacoes.id,
        userId: participacoes.userId,
        valorPago: participacoes.valorPago,
      })
      .from(participacoes)
      .where(
        and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')),
      );
    const refunds = await refundEntries(tx, room, entrants);
    await tx
      .update(salas)
      .set({ status: 'cancelada', participantesAtual: entrants.length, updatedAt: now })
      .where(eq(salas.id, salaId));
    await audit?.(tx, room, refunds);
    return { kind: 'cancelled', salaId, refundedUserIds: entrants.map((e) => e.userId) };
  });
}
