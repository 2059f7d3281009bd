/**
 * The player's `responsible_play` row locked (created when missing), the limits in force (raises
 * whose 24 hours have passed written back) and what has been used against them.
 */
import { type LimitKind, type LimitPeriod, limitPeriodMs } from '@sorteio/shared';
import { type SQL, and, asc, count, eq, gt, gte, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { compiled } from '../../db/compiled';
import { participacoes, pixCharges, playLimits, responsiblePlay, user } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { brazilDateText, brazilTimeText } from '../../lib/brazil-time';

type LimitRow = typeof playLimits.$inferSelect;
export type PlayRow = typeof responsiblePlay.$inferSelect;

export const dateBR = (d: Date) =>
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
export const lockPlayRows = compiled('responsible_play_lock_each', (db, name) =>
  db
    .select(playRowFields)
    .from(responsiblePlay)
    .innerJoin(user, eq(user.id, responsiblePlay.userId))
    .where(sql`${responsiblePlay.userId} = any(${sql.placeholder('userIds')}::text[])`)
    .orderBy(asc(responsiblePlay.userId))
    .for('update', { of: responsiblePlay })
    .prepare(name),
);

export async function lockRowWithRole(tx: DbOrTx, userId: string) {
  const select = () => lockPlayRow(tx, { userId });
  let [found] = await select();
  if (!found) {
    await tx.insert(responsiblePlay).values({ userId }).onConflictDoNothing();
    [found] = await select();
  }
  if (!found) throw new Error('responsible_play row missing after insert');
  return found;
}

export async function lockRow(tx: DbOrTx, userId: string): Promise<PlayRow> {
  return (await lockRowWithRole(tx, userId)).row;
}

export function activeExclusion(row: PlayRow | undefined, now = new Date()) {
  if (!row?.selfExcludedAt) return null;
  if (row.selfExcludedForever) return { since: row.selfExcludedAt, until: null, forever: true };
  if (row.selfExcludedUntil && row.selfExcludedUntil.getTime() > now.getTime())
    return { since: row.selfExcludedAt, until: row.selfExcludedUntil, forever: false };
  return null;
}

/** Raises whose 24 hours have passed take effect (written back, inside the caller's lock). */
export async function effectiveLimits(tx: DbOrTx, userId: string, now: Date): Promise<LimitRow[]> {
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

/** The sum of `column` over the rows of `table` that `where` selects (0 when none), and their count. */
async function sumWhere(tx: DbOrTx, table: PgTable, column: AnyPgColumn, where: SQL | undefined) {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${column}), 0)`, c: count() })
    .from(table)
    .where(where);
  return { sum: Number(row?.n ?? 0), count: row?.c ?? 0 };
}

type PlayerRows = PgTable & { userId: AnyPgColumn; createdAt: AnyPgColumn };

/** `sumWhere` over one player's rows of `table` made since `since`, that also meet `where`. */
export function sumSince(
  tx: DbOrTx,
  table: PlayerRows,
  column: AnyPgColumn,
  { userId, since }: { userId: string; since: Date },
  where: SQL | undefined,
) {
  return sumWhere(
    tx,
    table,
    column,
    and(eq(table.userId, userId), where, gte(table.createdAt, since)),
  );
}

/**
 * What counts against a limit over its period up to `now`: top-ups asked for (live or paid) or
 * entries taken (not cancelled).
 */
export async function usedInPeriod(
  tx: DbOrTx,
  userId: string,
  kind: LimitKind,
  period: LimitPeriod,
  now: Date,
) {
  const since = new Date(now.getTime() - limitPeriodMs[period]);
  const used =
    kind === 'deposit'
      ? await sumSince(
          tx,
          pixCharges,
          pixCharges.amount,
          { userId, since },
          and(
            eq(pixCharges.purpose, 'topup'),
            or(
              eq(pixCharges.status, 'CONCLUIDA'),
              and(eq(pixCharges.status, 'ATIVA'), gt(pixCharges.expiresAt, now)),
            ),
          ),
        )
      : await sumSince(
          tx,
          participacoes,
          participacoes.valorPago,
          { userId, since },
          ne(participacoes.statusPagamento, 'cancelado'),
        );
  return used.sum;
}
