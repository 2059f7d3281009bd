/**
 * Responsible play (Lei 14.790/2023; SPA/MF portarias on responsible gaming). The player's limits
 * and self-exclusion are checked by `assertMayPlay` inside the same transaction as the entry or
 * top-up they restrict, after locking the player's `responsible_play` row, so two requests at once
 * cannot both slip under a limit. Lock order (docs/decisions/007): the room row, then this row,
 * then the participation and the ledger accounts.
 */
import {
  LIMIT_INCREASE_DELAY_MS,
  type LimitKind,
  type ResponsiblePlay,
  type Role,
  type SelfExclusionPeriod,
  type SetPlayLimitInput,
  isStaffRole,
  limitKinds,
  limitPeriodMs,
  limitPeriods,
  responsiblePlayMessages,
  selfExclusionMonths,
} from '@sorteio/shared';
import { type SQL, and, asc, count, eq, gt, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { compiled } from '../../db/compiled';
import {
  participacoes,
  payouts,
  pixCharges,
  playLimits,
  responsiblePlay,
  user,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../../db/client';
import { brazilDateText, brazilTimeText } from '../../lib/brazil-time';

type LimitRow = typeof playLimits.$inferSelect;
type PlayRow = typeof responsiblePlay.$inferSelect;

const dateBR = (d: Date) =>
  `${brazilDateText(d)} às ${brazilTimeText(d, { hour: '2-digit', minute: '2-digit' })}`;

/** A player's responsible-play row, the account's role and whether any limit is set. */
export const playRowFields = {
  row: responsiblePlay,
  role: user.role,
  hasLimits: sql<boolean>`exists (select 1 from ${playLimits} where ${playLimits.userId} = ${responsiblePlay.userId})`,
};

/** The player's row locked, with the role and whether any limit exists (one statement). */
const lockPlayRow = compiled('responsible_play_lock', (db, name) =>
  db
    .select(playRowFields)
    .from(responsiblePlay)
    .innerJoin(user, eq(user.id, responsiblePlay.userId))
    .where(eq(responsiblePlay.userId, sql.placeholder('userId')))
    .for('update', { of: responsiblePlay })
    .prepare(name),
);

/** Several players' rows locked in user id order, as `lockPlayRow` (one statement for any number). */
const lockPlayRows = compiled('responsible_play_lock_each', (db, name) =>
  db
    .select(playRowFields)
    .from(responsiblePlay)
    .innerJoin(user, eq(user.id, responsiblePlay.userId))
    .where(sql`${responsiblePlay.userId} = any(${sql.placeholder('userIds')}::text[])`)
    .orderBy(asc(responsiblePlay.userId))
    .for('update', { of: responsiblePlay })
    .prepare(name),
);

async function lockRowWithRole(tx: DbOrTx, userId: string) {
  const select = () => lockPlayRow(tx, { userId });
  let [found] = await select();
  if (!found) {
    await tx.insert(responsiblePlay).values({ userId }).onConflictDoNothing();
    [found] = await select();
  }
  if (!found) throw new Error('responsible_play row missing after insert');
  return found;
}

async function lockRow(tx: DbOrTx, userId: string): Promise<PlayRow> {
  return (await lockRowWithRole(tx, userId)).row;
}

export function activeExclusion(row: PlayRow | undefined, now = new Date()) {
  if (!row?.selfExcludedAt) return null;
  if (row.selfExcludedForever) return { since: row.selfExcludedAt, until: null, forever: true };
  if (row.selfExcludedUntil && row.selfExcludedUntil.getTime() > now.getTime())
    return { since: row.selfExcludedAt, until: row.selfExcludedUntil, forever: false };
  return null;
}

/** Whether the player is self-excluded now (marketing and notifications skip them). */
export async function isSelfExcluded(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select().from(responsiblePlay).where(eq(responsiblePlay.userId, userId));
  return activeExclusion(row) !== null;
}

/** Raises whose 24 hours have passed take effect (written back, inside the caller's lock). */
async function effectiveLimits(tx: DbOrTx, userId: string, now: Date): Promise<LimitRow[]> {
  const rows = await tx.select().from(playLimits).where(eq(playLimits.userId, userId));
  const out: LimitRow[] = [];
  for (const r of rows) {
    if (r.pendingEffectiveAt && r.pendingEffectiveAt.getTime() <= now.getTime()) {
      const [updated] = await tx
        .update(playLimits)
        .set({
          amountCentavos: r.pendingAmountCentavos,
          pendingAmountCentavos: null,
          pendingEffectiveAt: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(playLimits.userId, userId),
            eq(playLimits.kind, r.kind),
            eq(playLimits.period, r.period),
          ),
        )
        .returning();
      out.push(updated ?? r);
    } else out.push(r);
  }
  return out;
}

/** What counts against a limit: top-ups asked for (live or paid) or entries taken (not cancelled). */
/** The sum of `column` over the rows of `table` that `where` selects (0 when none), and their count. */
async function sumWhere(tx: DbOrTx, table: PgTable, column: AnyPgColumn, where: SQL | undefined) {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${column}), 0)`, c: count() })
    .from(table)
    .where(where);
  return { sum: Number(row?.n ?? 0), count: row?.c ?? 0 };
}

async function usedSince(tx: DbOrTx, userId: string, kind: LimitKind, since: Date, now: Date) {
  if (kind === 'deposit') {
    const deposits = await sumWhere(
      tx,
      pixCharges,
      pixCharges.amount,
      and(
        eq(pixCharges.userId, userId),
        eq(pixCharges.purpose, 'topup'),
        gte(pixCharges.createdAt, since),
        or(
          eq(pixCharges.status, 'CONCLUIDA'),
          and(eq(pixCharges.status, 'ATIVA'), gt(pixCharges.expiresAt, now)),
        ),
      ),
    );
    return deposits.sum;
  }
  const entries = await sumWhere(
    tx,
    participacoes,
    participacoes.valorPago,
    and(
      eq(participacoes.userId, userId),
      ne(participacoes.statusPagamento, 'cancelado'),
      gte(participacoes.createdAt, since),
    ),
  );
  return entries.sum;
}

/** Staff accounts cannot take part in draws (they can see and steer them). */
export async function assertNotStaff(db: DbOrTx, userId: string): Promise<void> {
  const [who] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  if (who && isStaffRole(who.role as Role))
    throw new AppError('FORBIDDEN', {
      message: responsiblePlayMessages.staffCannotPlay,
      reason: 'STAFF_CANNOT_PLAY',
    });
}

/**
 * Refuses (403) a staff account on an entry, a self-excluded player, or an amount that would pass one of the
 * player's limits of that kind. Must run inside the transaction that records the entry or top-up.
 */
export async function assertMayPlay(
  tx: DbOrTx,
  input: { userId: string; kind: LimitKind; amountCentavos: number; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await checkMayPlay(tx, await lockRowWithRole(tx, input.userId), { ...input, now });
}

/** A player's locked row as `playRowFields` selects it. */
export type LockedPlayRow = { row: PlayRow; role: string; hasLimits: boolean };

/**
 * `assertMayPlay` for several players at once (queued seats, each at its room's price): their rows
 * are locked in ONE statement, in user id order (rows missing are created first), and each player
 * gets the refusal `assertMayPlay` would throw, or null when they may play. A caller may lock the
 * rows with a statement of its own that selects more beside `playRowFields` (`lock`); the rows it
 * returned come back with the verdicts.
 */
export async function mayPlayEach<R extends LockedPlayRow = LockedPlayRow>(
  tx: DbOrTx,
  input: {
    plays: { userId: string; amountCentavos: number }[];
    kind: LimitKind;
    now?: Date;
    lock?: (userIds: string[]) => Promise<R[]>;
  },
): Promise<{ verdicts: Map<string, AppError | null>; rows: Map<string, R> }> {
  const userIds = input.plays.map((play) => play.userId);
  const now = input.now ?? new Date();
  const lockAll = () =>
    input.lock ? input.lock(userIds) : (lockPlayRows(tx, { userIds }) as Promise<R[]>);
  let rows = await lockAll();
  if (rows.length < new Set(userIds).size) {
    const found = new Set(rows.map((r) => r.row.userId));
    await tx
      .insert(responsiblePlay)
      .values(userIds.filter((id) => !found.has(id)).map((userId) => ({ userId })))
      .onConflictDoNothing();
    rows = await lockAll();
  }
  const byUser = new Map(rows.map((r) => [r.row.userId, r]));
  const verdicts = new Map<string, AppError | null>();
  for (const { userId, amountCentavos } of input.plays) {
    const found = byUser.get(userId);
    if (!found) throw new Error('responsible_play row missing after insert');
    try {
      await checkMayPlay(tx, found, { userId, kind: input.kind, amountCentavos, now });
      verdicts.set(userId, null);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      verdicts.set(userId, error);
    }
  }
  return { verdicts, rows: byUser };
}

/** The checks of `assertMayPlay` on the player's row, locked by the caller. */
export async function checkMayPlay(
  tx: DbOrTx,
  { row, role, hasLimits }: LockedPlayRow,
  input: { userId: string; kind: LimitKind; amountCentavos: number; now: Date },
): Promise<void> {
  const { now } = input;
  if (input.kind === 'spending' && isStaffRole(role as Role))
    throw new AppError('FORBIDDEN', {
      message: responsiblePlayMessages.staffCannotPlay,
      reason: 'STAFF_CANNOT_PLAY',
    });
  const exclusion = activeExclusion(row, now);
  if (exclusion)
    throw new AppError('FORBIDDEN', {
      message: responsiblePlayMessages.selfExcluded(
        exclusion.until ? dateBR(exclusion.until) : null,
      ),
      reason: 'SELF_EXCLUDED',
    });
  if (!hasLimits) return;
  const limits = (await effectiveLimits(tx, input.userId, now)).filter(
    (l) => l.kind === input.kind && l.amountCentavos !== null,
  );
  for (const l of limits) {
    const used = await usedSince(
      tx,
      input.userId,
      input.kind,
      new Date(now.getTime() - limitPeriodMs[l.period]),
      now,
    );
    if (used + input.amountCentavos > l.amountCentavos!)
      throw new AppError('FORBIDDEN', {
        message: responsiblePlayMessages.limitReached(
          input.kind,
          l.period,
          l.amountCentavos!,
          used,
        ),
        reason: 'PLAY_LIMIT_REACHED',
      });
  }
}

/** Self-exclusion alone (money routes that add no amount: paying a held seat). */
export async function assertNotExcluded(tx: DbOrTx, userId: string, now = new Date()) {
  const [row] = await tx.select().from(responsiblePlay).where(eq(responsiblePlay.userId, userId));
  const exclusion = activeExclusion(row, now);
  if (exclusion)
    throw new AppError('FORBIDDEN', {
      message: responsiblePlayMessages.selfExcluded(
        exclusion.until ? dateBR(exclusion.until) : null,
      ),
      reason: 'SELF_EXCLUDED',
    });
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
          usedCentavos: await usedSince(
            tx,
            userId,
            kind,
            new Date(now.getTime() - limitPeriodMs[period]),
            now,
          ),
        });
      }
    const since30 = new Date(now.getTime() - limitPeriodMs.month);
    const deposits = await sumWhere(
      tx,
      pixCharges,
      pixCharges.amount,
      and(
        eq(pixCharges.userId, userId),
        eq(pixCharges.status, 'CONCLUIDA'),
        gte(pixCharges.createdAt, since30),
      ),
    );
    const spent = await sumWhere(
      tx,
      participacoes,
      participacoes.valorPago,
      and(
        eq(participacoes.userId, userId),
        eq(participacoes.statusPagamento, 'confirmado'),
        gte(participacoes.createdAt, since30),
      ),
    );
    const prizes = await sumWhere(
      tx,
      payouts,
      payouts.amount,
      and(
        eq(payouts.userId, userId),
        eq(payouts.kind, 'prize'),
        inArray(payouts.status, ['pendente', 'enviando', 'confirmado']),
        gte(payouts.createdAt, since30),
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
