/**
 * Drawing a room (DESIGN.md section 5): exactly once, in one database transaction with its money.
 * A room closing with fewer than two confirmed entrants is cancelled and every entry refunded.
 */
import {
  type BeaconChain,
  beaconRoundTimeMs,
  entrantsDigest,
  firstBeaconRoundAfter,
  roomEditMessages,
  sortEntrants,
} from '@sorteio/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { drawBeaconWaits, participacoes, salas, sorteios } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { type Tx, moneyTransaction } from '../../wallet';
import { completeBeaconDraw, completeDueBeaconDraws } from './beacon-draw';
import { refundEntries } from './refunds';
import { type DrawOutcome, beaconWaitReason, settleDraw } from './settle';

/**
 * Draws one room. Allowed from `sorteando` (automatic or by an administrator) and, for an
 * administrator, from `fechada`. The room row is locked and sorteios.sala_id is unique, so two
 * server copies racing draw it once.
 *
 * `byStaff` is an administrator's "Sortear agora": an open room is closed by the draw itself (the
 * same transaction, so nobody joins between the close and the frozen entrant list), and the draw
 * is refused, changing nothing, while a PIX seat is still being paid (releasing it could take a
 * paying player's seat away) or with fewer than two confirmed entrants (the automatic path would
 * cancel the room instead: the operator cancels it explicitly, seeing the refunds first).
 */
export async function drawRoom({
  db,
  config,
  salaId,
  allowClosed = false,
  byStaff = false,
  audit,
  beaconWaitMs,
}: {
  db: Db;
  config?: Config;
  salaId: string;
  allowClosed?: boolean;
  byStaff?: boolean;
  /** A staff member's draw: their audit row, written in the same transaction. */
  audit?: (tx: Tx, outcome: DrawOutcome, before: { status: string }) => Promise<void>;
  /**
   * With a beacon: how long this call may wait for the round before leaving the draw pending for
   * the job (default: one period plus 3 s, at most 15 s).
   */
  beaconWaitMs?: number;
}): Promise<DrawOutcome> {
  const beacon = config?.beacon ?? null;
  const outcome = await moneyTransaction(db, async (tx) => {
    const { result, statusBefore } = await drawInTransaction(tx, salaId, {
      allowClosed: allowClosed || byStaff,
      byStaff,
      beaconChain: beacon?.chain ?? null,
    });
    if (audit && result.kind !== 'skipped') await audit(tx, result, { status: statusBefore });
    return result;
  });
  if (outcome.kind !== 'pending' || !config) return outcome;
  const waitMs = beaconWaitMs ?? Math.min(15_000, (beacon?.chain.period ?? 0) * 1000 + 3000);
  const [wait] = await db
    .select({ frozenAt: drawBeaconWaits.frozenAt, chain: drawBeaconWaits.beaconChain })
    .from(drawBeaconWaits)
    .where(eq(drawBeaconWaits.salaId, salaId));
  if (!wait) return outcome;
  const dueIn = beaconRoundTimeMs(wait.chain, outcome.beaconRound) - Date.now();
  if (dueIn > waitMs) return outcome;
  if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn + 50));
  return completeBeaconDraw({ db, config, salaId });
}

async function drawInTransaction(
  tx: Tx,
  salaId: string,
  options: { allowClosed: boolean; byStaff: boolean; beaconChain: BeaconChain | null },
): Promise<{ result: DrawOutcome; statusBefore: string }> {
  const [room] = await tx.select().from(salas).where(eq(salas.id, salaId)).for('update');
  if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
  const statusBefore = room.status;
  const result = await drawLocked(tx, room, options);
  return { result, statusBefore };
}

async function drawLocked(
  tx: Tx,
  room: typeof salas.$inferSelect,
  {
    allowClosed,
    byStaff,
    beaconChain,
  }: { allowClosed: boolean; byStaff: boolean; beaconChain: BeaconChain | null },
): Promise<DrawOutcome> {
  const salaId = room.id;
  const [existing] = await tx
    .select({ id: sorteios.id })
    .from(sorteios)
    .where(eq(sorteios.salaId, salaId));
  if (existing) return { kind: 'skipped', salaId, reason: 'already drawn' };
  const [waiting] = await tx
    .select()
    .from(drawBeaconWaits)
    .where(eq(drawBeaconWaits.salaId, salaId));
  // Frozen already: the draw is waiting for its beacon round (the caller tries to complete it).
  if (waiting && room.status === 'sorteando')
    return {
      kind: 'pending',
      salaId,
      beaconRound: waiting.beaconRound,
      reason: waiting.lastError ?? beaconWaitReason(waiting.beaconRound),
    };
  const drawable =
    room.status === 'sorteando' ||
    (allowClosed && room.status === 'fechada') ||
    (byStaff && room.status === 'aberta');
  if (!drawable) return { kind: 'skipped', salaId, reason: `status ${room.status}` };

  if (byStaff) {
    const [seats] = await tx
      .select({
        pending: sql<number>`(count(*) filter (where ${participacoes.statusPagamento} = 'pendente'))::int`,
        confirmed: sql<number>`(count(*) filter (where ${participacoes.statusPagamento} = 'confirmado'))::int`,
      })
      .from(participacoes)
      .where(eq(participacoes.salaId, salaId));
    if ((seats?.pending ?? 0) > 0)
      throw new AppError('CONFLICT', {
        message: roomEditMessages.drawPendingPix,
        reason: 'PIX_PENDING',
      });
    if ((seats?.confirmed ?? 0) < 2)
      throw new AppError('CONFLICT', { message: roomEditMessages.drawTooFew, reason: 'TOO_FEW' });
  }

  // The entrants are frozen now: confirmed seats only; seats still waiting for PIX are released.
  const now = new Date();
  const pendingSeats = await tx
    .update(participacoes)
    .set({ statusPagamento: 'cancelado', updatedAt: now })
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'pendente')))
    .returning({ id: participacoes.id });
  const entrants = await tx
    .select({
      id: participacoes.id,
      userId: participacoes.userId,
      numeroSorte: participacoes.numeroSorte,
      valorPago: participacoes.valorPago,
    })
    .from(participacoes)
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')));
  if (pendingSeats.length > 0) {
    await tx
      .update(salas)
      .set({ participantesAtual: entrants.length, updatedAt: now })
      .where(eq(salas.id, salaId));
  }

  if (entrants.length < 2) {
    await refundEntries(tx, room, entrants);
    await tx.update(salas).set({ status: 'cancelada', updatedAt: now }).where(eq(salas.id, salaId));
    return { kind: 'cancelled', salaId, refundedUserIds: entrants.map((e) => e.userId) };
  }

  if (beaconChain) {
    // Protocol v2: the list is frozen and recorded now; the draw waits for the first beacon round
    // produced after this moment, which nobody (the platform included) can know yet.
    const sorted = sortEntrants(entrants.map((e) => e.numeroSorte));
    const round = firstBeaconRoundAfter(beaconChain, now.getTime());
    await tx.insert(drawBeaconWaits).values({
      salaId,
      entrants: sorted,
      entrantsDigest: await entrantsDigest(sorted),
      frozenAt: now,
      beaconRound: round,
      beaconChain,
      nextAttemptAt: new Date(beaconRoundTimeMs(beaconChain, round)),
    });
    await tx
      .update(salas)
      .set({ status: 'sorteando', participantesAtual: entrants.length, updatedAt: now })
      .where(eq(salas.id, salaId));
    return { kind: 'pending', salaId, beaconRound: round, reason: beaconWaitReason(round) };
  }
  return settleDraw(tx, room, entrants, now, null);
}

/** Rooms due for a draw: full and paid with automatic draw on, or uncapped rooms past their date. */
export async function drawDueRooms({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<DrawOutcome[]> {
  const now = new Date();
  // An uncapped room closes on its draw date.
  await db
    .update(salas)
    .set({ status: 'sorteando', updatedAt: now })
    .where(
      and(
        eq(salas.status, 'aberta'),
        eq(salas.temLimitePessoas, false),
        lte(salas.dataSorteio, now),
      ),
    );
  const due = await db
    .select({ id: salas.id })
    .from(salas)
    .where(and(eq(salas.status, 'sorteando'), eq(salas.sorteioAutomatico, true)))
    .limit(20);
  const outcomes: DrawOutcome[] = [];
  // The job never blocks on a beacon round: frozen draws complete in the pass below or a later one.
  for (const r of due) outcomes.push(await drawRoom({ db, config, salaId: r.id, beaconWaitMs: 0 }));
  if (config.beacon || outcomes.some((o) => o.kind === 'pending'))
    outcomes.push(...(await completeDueBeaconDraws({ db, config })));
  return outcomes.filter((o) => !(o.kind === 'skipped' && o.reason === 'no beacon wait'));
}
