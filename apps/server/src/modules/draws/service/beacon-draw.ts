/** Draws bound to the public drand beacon (protocol v2, docs/decisions/024-drand-beacon.md). */
import { beaconRoundTimeMs, sortEntrants } from '@sorteio/shared';
import type { BeaconRound } from '@sorteio/shared/drand';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { drawBeaconWaits, participacoes, salas, sorteios } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { type DbOrTx, moneyTransaction } from '../../wallet';
import { BeaconError, fetchBeaconRound } from '../beacon';
import { type DrawOutcome, beaconWaitReason, settleDraw } from './settle';

/**
 * Completes a frozen draw once its beacon round is out: fetches and verifies the round, then draws
 * on the frozen list in one transaction. A round that cannot be had leaves the draw pending, with
 * the reason and the next attempt (backoff doubling up to DRAND_RETRY_MAX_SECONDS) on the wait
 * row. It never draws without the beacon.
 */
export async function completeBeaconDraw({
  db,
  config,
  salaId,
}: {
  db: Db;
  config: Config;
  salaId: string;
}): Promise<DrawOutcome> {
  const [wait] = await db.select().from(drawBeaconWaits).where(eq(drawBeaconWaits.salaId, salaId));
  if (!wait) return { kind: 'skipped', salaId, reason: 'no beacon wait' };
  const now = Date.now();
  const dueAt = beaconRoundTimeMs(wait.beaconChain, wait.beaconRound);
  const pending = (reason: string): DrawOutcome => ({
    kind: 'pending',
    salaId,
    beaconRound: wait.beaconRound,
    reason,
  });
  if (now < dueAt) return pending(beaconWaitReason(wait.beaconRound));
  let round: BeaconRound;
  try {
    if (!config.beacon)
      throw new BeaconError(
        'O beacon público não está mais configurado (DRAND_URL): o sorteio continua aguardando.',
      );
    if (config.beacon.chain.hash !== wait.beaconChain.hash)
      throw new BeaconError(
        `A rede do beacon configurada mudou; este sorteio espera a rede ${wait.beaconChain.hash}.`,
      );
    round = await fetchBeaconRound(config.beacon, wait.beaconChain, wait.beaconRound);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const notYet = error instanceof BeaconError && error.notYet;
    const maxSeconds = config.beacon?.retryMaxSeconds ?? 300;
    const delaySeconds = notYet
      ? Math.max(1, wait.beaconChain.period)
      : Math.min(maxSeconds, 2 ** Math.min(wait.attempts, 20) * 2);
    await db
      .update(drawBeaconWaits)
      .set({
        attempts: wait.attempts + 1,
        lastError: reason,
        nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
      })
      .where(eq(drawBeaconWaits.salaId, salaId));
    return pending(reason);
  }
  return moneyTransaction(db, async (tx) => {
    const [room] = await tx.select().from(salas).where(eq(salas.id, salaId)).for('update');
    if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
    const [drawn] = await tx
      .select({ id: sorteios.id })
      .from(sorteios)
      .where(eq(sorteios.salaId, salaId));
    const [frozen] = await tx
      .select()
      .from(drawBeaconWaits)
      .where(eq(drawBeaconWaits.salaId, salaId));
    if (drawn || !frozen || room.status !== 'sorteando')
      return { kind: 'skipped', salaId, reason: 'already settled' } as const;
    const entrants = await tx
      .select({
        id: participacoes.id,
        userId: participacoes.userId,
        numeroSorte: participacoes.numeroSorte,
        valorPago: participacoes.valorPago,
      })
      .from(participacoes)
      .where(
        and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')),
      );
    // Nobody joins a room being drawn: the confirmed seats are the frozen list, or nothing is drawn.
    if (sortEntrants(entrants.map((e) => e.numeroSorte)).join('\n') !== frozen.entrants.join('\n'))
      throw new Error(`room ${salaId}: confirmed seats differ from the frozen entrant list`);
    await tx.delete(drawBeaconWaits).where(eq(drawBeaconWaits.salaId, salaId));
    return settleDraw(tx, room, entrants, new Date(), {
      binding: { entrantsFrozenAt: frozen.frozenAt.toISOString(), round: frozen.beaconRound },
      frozenAt: frozen.frozenAt,
      round,
      chain: frozen.beaconChain,
    });
  });
}

/** Frozen draws whose next beacon attempt is due. */
export async function completeDueBeaconDraws({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<DrawOutcome[]> {
  const due = await db
    .select({ salaId: drawBeaconWaits.salaId })
    .from(drawBeaconWaits)
    .innerJoin(salas, eq(salas.id, drawBeaconWaits.salaId))
    .where(and(lte(drawBeaconWaits.nextAttemptAt, new Date()), eq(salas.status, 'sorteando')))
    .orderBy(asc(drawBeaconWaits.nextAttemptAt))
    .limit(20);
  const outcomes: DrawOutcome[] = [];
  for (const r of due) outcomes.push(await completeBeaconDraw({ db, config, salaId: r.salaId }));
  return outcomes;
}

/** Why a room's draw is still waiting for its beacon round, or null (the room page shows it). */
export async function beaconWaitOf(db: DbOrTx, salaId: string) {
  const [wait] = await db
    .select({
      round: drawBeaconWaits.beaconRound,
      frozenAt: drawBeaconWaits.frozenAt,
      attempts: drawBeaconWaits.attempts,
      lastError: drawBeaconWaits.lastError,
      nextAttemptAt: drawBeaconWaits.nextAttemptAt,
    })
    .from(drawBeaconWaits)
    .where(eq(drawBeaconWaits.salaId, salaId));
  return wait ?? null;
}
