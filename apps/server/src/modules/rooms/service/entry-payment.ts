/**
 * The money of a seat: its entry paid from the balance (Cashback first, then Saldo) with its
 * cashback, a held PIX seat paid from the balance instead, and the room closing for the draw once
 * its last seat is paid (DESIGN.md section 4).
 */
import { percentOf } from '@sorteio/shared';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { participacoes, salas } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { assertNotExcluded } from '../../responsible-play/responsible-play.service';
import {
  type AccountRef,
  type DbOrTx,
  type LockedAccount,
  type PostInput,
  type Tx,
  lockAccounts,
  lockedBalance,
  moneyTransaction,
  postTransaction,
  postTransactions,
} from '../../wallet';
import { toParticipation } from './room-records';
import { seatRefusals } from './seat-rules';

/** The cashback of a confirmed entry as a ledger transaction (null when it is zero). */
function cashbackPost(
  config: Config,
  p: { id: string; userId: string; valorPago: number; salaId: string },
): PostInput | null {
  const amount = percentOf(p.valorPago, config.cashbackBp);
  if (amount <= 0) return null;
  return {
    kind: 'cashback',
    idempotencyKey: `cashback:${p.id}`,
    description: 'Cashback da participação',
    userId: p.userId,
    salaId: p.salaId,
    participacaoId: p.id,
    entries: [
      { account: { kind: 'platform_cashback' }, amount: -amount },
      { account: { kind: 'user_cashback', userId: p.userId }, amount },
    ],
  };
}

/** Cashback of a confirmed entry: from the platform's cashback account to the player's. */
export async function creditCashback(
  tx: DbOrTx,
  config: Config,
  p: { id: string; userId: string; valorPago: number; salaId: string },
) {
  const post = cashbackPost(config, p);
  if (post) await postTransaction(tx, post);
}

/**
 * A room whose seats are all taken and confirmed closes for the draw (status sorteando); the draw
 * itself is the draws module's job. Called with the room row locked.
 */
export async function closeIfComplete(
  tx: DbOrTx,
  roomId: string,
  /** The room row as this transaction last wrote it (saves reading it again). */
  known?: typeof salas.$inferSelect,
) {
  const room = known ?? (await tx.select().from(salas).where(eq(salas.id, roomId)))[0];
  if (
    !room ||
    room.status !== 'aberta' ||
    !room.temLimitePessoas ||
    room.participantesAtual < room.maxParticipantes
  )
    return false;
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(participacoes)
    .where(and(eq(participacoes.salaId, roomId), eq(participacoes.statusPagamento, 'pendente')));
  if ((pending?.n ?? 0) > 0) return false;
  await tx
    .update(salas)
    .set({ status: 'sorteando', updatedAt: new Date() })
    .where(eq(salas.id, roomId));
  return true;
}

/**
 * Pays a seat's entry from the balance, inside the caller's transaction (room row already locked):
 * the player's Cashback, Saldo and the room's pool are locked in one sorted statement, then the
 * entry takes Cashback first, then Saldo, never below zero; credits the cashback and closes a
 * complete room (true when it did).
 */
export async function payEntryFromBalance(
  tx: Tx,
  config: Config,
  {
    participation,
    tipoSala,
    room,
    alongside,
    locked: known,
  }: {
    participation: typeof participacoes.$inferSelect;
    tipoSala: string;
    /** The room row as this transaction last wrote it, when the caller has it. */
    room?: typeof salas.$inferSelect;
    /** Other writes sent in the same statement as the ledger posts. */
    alongside?: SQL[];
    /** The entry's accounts, when the caller locked them already. */
    locked?: Map<string, LockedAccount>;
  },
): Promise<boolean> {
  const { userId, salaId: roomId, valorPago } = participation;
  const locked = known ?? (await lockAccounts(tx, entryAccounts([roomId], [userId])));
  const split = splitEntry(locked, userId, valorPago);
  if (!split) throw seatRefusals.insufficientBalance();
  // The entry and its cashback written together (one insert each of transactions and entries,
  // one update of the balances).
  await postTransactions(tx, entryPosts(config, participation, tipoSala, split), alongside);
  return closeIfComplete(tx, roomId, room);
}

/** A seat's entry paid from the balance (Cashback first, then Saldo) and its cashback. */
export function entryPosts(
  config: Config,
  participation: typeof participacoes.$inferSelect,
  tipoSala: string,
  split: { fromCashback: number; fromSaldo: number },
): PostInput[] {
  const { userId, salaId, valorPago } = participation;
  const cashbackCredit = cashbackPost(config, participation);
  return [
    {
      kind: 'entry_balance',
      idempotencyKey: `entry:${participation.id}`,
      description: `Entrada na sala ${tipoSala}`,
      userId,
      salaId,
      participacaoId: participation.id,
      metadata: split,
      entries: [
        { account: { kind: 'user_cashback', userId }, amount: -split.fromCashback },
        { account: { kind: 'user_saldo', userId }, amount: -split.fromSaldo },
        { account: { kind: 'room_pool', salaId }, amount: valorPago },
      ],
    },
    ...(cashbackCredit ? [cashbackCredit] : []),
  ];
}

/** The accounts an entry paid from the balance writes to: each player's Cashback and Saldo, the pool. */
export function entryAccounts(roomIds: string[], userIds: string[]): AccountRef[] {
  return [
    ...userIds.flatMap((userId) => [
      { kind: 'user_cashback', userId } as const,
      { kind: 'user_saldo', userId } as const,
    ]),
    ...roomIds.map((salaId) => ({ kind: 'room_pool', salaId }) as const),
  ];
}

/** How an entry of `price` is paid from the locked balances: Cashback first, then Saldo. */
export function splitEntry(
  locked: Map<string, LockedAccount>,
  userId: string,
  price: number,
): { fromCashback: number; fromSaldo: number } | null {
  const cashback = lockedBalance(locked, { kind: 'user_cashback', userId });
  const saldo = lockedBalance(locked, { kind: 'user_saldo', userId });
  const fromCashback = Math.min(cashback, price);
  const fromSaldo = price - fromCashback;
  return fromSaldo > saldo ? null : { fromCashback, fromSaldo };
}

/** Pays a seat held for PIX from the balance instead (the private room's payment card). */
export async function payPendingWithBalance({
  db,
  config,
  userId,
  participacaoId,
}: {
  db: Db;
  config: Config;
  userId: string;
  participacaoId: string;
}) {
  const [p0] = await db
    .select({ roomId: participacoes.salaId })
    .from(participacoes)
    .where(and(eq(participacoes.id, participacaoId), eq(participacoes.userId, userId)));
  if (!p0) throw new AppError('NOT_FOUND', { message: 'Participação não encontrada.' });
  return moneyTransaction(db, async (tx) => {
    const [room] = await tx.select().from(salas).where(eq(salas.id, p0.roomId)).for('update');
    const [p] = await tx
      .select()
      .from(participacoes)
      .where(eq(participacoes.id, participacaoId))
      .for('update');
    if (!room || !p) throw new AppError('NOT_FOUND', { message: 'Participação não encontrada.' });
    await assertNotExcluded(tx, userId);
    if (p.statusPagamento === 'confirmado')
      throw new AppError('CONFLICT', {
        message: 'Esta participação já está paga.',
        reason: 'ALREADY_PAID',
      });
    if (p.statusPagamento !== 'pendente')
      throw new AppError('CONFLICT', {
        message: 'O prazo desta reserva terminou e a vaga foi liberada.',
        reason: 'SEAT_EXPIRED',
      });
    const now = new Date();
    const [confirmed] = await tx
      .update(participacoes)
      .set({
        statusPagamento: 'confirmado',
        metodoPagamento: 'balance',
        confirmedAt: now,
        expiresAt: null,
        updatedAt: now,
      })
      .where(eq(participacoes.id, p.id))
      .returning();
    await payEntryFromBalance(tx, config, { participation: confirmed!, tipoSala: room.tipoSala });
    return { participation: toParticipation(confirmed!) };
  });
}
