/**
 * Responsible play (Lei 14.790/2023; SPA/MF portarias on responsible gaming). The player's limits
 * and self-exclusion are checked by `assertMayPlay` (may-play.ts) inside the same transaction as
 * the entry or top-up they restrict, after locking the player's `responsible_play` row
 * (play-row.ts), so two requests at once cannot both slip under a limit. Lock order
 * (docs/decisions/007): the room row, then this row, then the participation and the ledger
 * accounts.
 */
import {
  LIMIT_INCREASE_DELAY_MS,
  type ResponsiblePlay,
  type SelfExclusionPeriod,
  type SetPlayLimitInput,
  limitKinds,
  limitPeriodMs,
  limitPeriods,
  responsiblePlayMessages,
  selfExclusionMonths,
} from '@sorteio/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participacoes, payouts, pixCharges, playLimits, responsiblePlay } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../../db/client';
import { activeExclusion, effectiveLimits, lockRow, sumSince, usedInPeriod } from './play-row';

export { playRowFields } from './play-row';
export { assertMayPlay, assertNotExcluded, checkMayPlay, mayPlayEach } from './may-play';

/** Whether the player is self-excluded now (marketing and notifications skip them). */
export async function isSelfExcluded(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select().from(responsiblePlay).where(eq(responsiblePlay.userId, userId));
  return activeExclusion(row) !== null;
}

export async function getResponsiblePlay(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<ResponsiblePlay> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, userId);
    const rows = await effectiveLimits(tx, userId, now);
    const limits = [];
    for (const kind of limitKinds)
      for (const period of limitPeriods) {
        const r = rows.find((x) => x.kind === kind && x.period === period);
        limits.push({
          kind,
          period,
          amountCentavos: r?.amountCentavos ?? null,
          pending: r?.pendingEffectiveAt
            ? {
                amountCentavos: r.pendingAmountCentavos,
                effectiveAt: r.pendingEffectiveAt.toISOString(),
              }
            : null,
          usedCentavos: await usedInPeriod(tx, userId, kind, period, now),
        });
      }
    const last30 = { userId, since: new Date(now.getTime() - limitPeriodMs.month) };
    const deposits = await sumSince(
      tx,
      pixCharges,
      pixCharges.amount,
      last30,
      eq(pixCharges.status, 'CONCLUIDA'),
    );
    const spent = await sumSince(
      tx,
      participacoes,
      participacoes.valorPago,
      last30,
      eq(participacoes.statusPagamento, 'confirmado'),
    );
    const prizes = await sumSince(
      tx,
      payouts,
      payouts.amount,
      last30,
      and(
        eq(payouts.kind, 'prize'),
        inArray(payouts.status, ['pendente', 'enviando', 'confirmado']),
      ),
    );
    const exclusion = activeExclusion(row, now);
    return {
      limits,
      selfExclusion: exclusion
        ? {
            since: exclusion.since.toISOString(),
            until: exclusion.until?.toISOString() ?? null,
            forever: exclusion.forever,
          }
        : null,
      reminderMinutes: row.reminderMinutes,
      figures: {
        depositsLast30DaysCentavos: deposits.sum,
        spentLast30DaysCentavos: spent.sum,
        prizesLast30DaysCentavos: prizes.sum,
        entriesLast30Days: spent.count,
      },
    };
  });
}

/**
 * A lower limit (or a first one) applies at once; a higher one, or removing it, after 24 hours.
 * Answers whether the change is waiting.
 */
export async function setPlayLimit(
  db: Db,
  userId: string,
  input: SetPlayLimitInput,
  now = new Date(),
): Promise<{ pending: boolean }> {
  return db.transaction(async (tx) => {
    await lockRow(tx, userId);
    const rows = await effectiveLimits(tx, userId, now);
    const current = rows.find((r) => r.kind === input.kind && r.period === input.period);
    const currentAmount = current?.amountCentavos ?? null;
    const next = input.amountCentavos;
    const decrease = next !== null && (currentAmount === null || next <= currentAmount);
    const values = decrease
      ? { amountCentavos: next, pendingAmountCentavos: null, pendingEffectiveAt: null }
      : {
          amountCentavos: currentAmount,
          pendingAmountCentavos: next,
          pendingEffectiveAt: new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS),
        };
    await tx
      .insert(playLimits)
      .values({ userId, kind: input.kind, period: input.period, ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: [playLimits.userId, playLimits.kind, playLimits.period],
        set: { ...values, updatedAt: now },
      });
    return { pending: !decrease };
  });
}

export function exclusionEnd(period: SelfExclusionPeriod, now: Date): Date | null {
  if (period === 'forever') return null;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + selfExclusionMonths[period]);
  return end;
}

/** Self-exclusion starts at once and cannot be shortened or lifted early. */
export async function selfExclude(
  db: Db,
  userId: string,
  period: SelfExclusionPeriod,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRow(tx, userId);
    if (activeExclusion(row, now))
      throw new AppError('CONFLICT', {
        message: responsiblePlayMessages.alreadyExcluded,
        reason: 'ALREADY_SELF_EXCLUDED',
      });
    await tx
      .update(responsiblePlay)
      .set({
        selfExcludedAt: now,
        selfExcludedUntil: exclusionEnd(period, now),
        selfExcludedForever: period === 'forever',
        updatedAt: now,
      })
      .where(eq(responsiblePlay.userId, userId));
  });
}

export async function setReminder(db: Db, userId: string, minutes: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRow(tx, userId);
    await tx
      .update(responsiblePlay)
      .set({ reminderMinutes: minutes, updatedAt: new Date() })
      .where(eq(responsiblePlay.userId, userId));
  });
}

/** For the administrators' user detail: the player's self-exclusion and limits in force. */
export async function responsiblePlaySummary(db: Db, userId: string) {
  const [row] = await db.select().from(responsiblePlay).where(eq(responsiblePlay.userId, userId));
  const limits = await db.select().from(playLimits).where(eq(playLimits.userId, userId));
  const exclusion = activeExclusion(row);
  return {
    selfExclusion: exclusion
      ? {
          since: exclusion.since.toISOString(),
          until: exclusion.until?.toISOString() ?? null,
          forever: exclusion.forever,
        }
      : null,
    limits: limits
      .filter((l) => l.amountCentavos !== null || l.pendingEffectiveAt)
      .map((l) => ({
        kind: l.kind,
        period: l.period,
        amountCentavos: l.amountCentavos,
        pending: l.pendingEffectiveAt
          ? {
              amountCentavos: l.pendingAmountCentavos,
              effectiveAt: l.pendingEffectiveAt.toISOString(),
            }
          : null,
      })),
  };
}
