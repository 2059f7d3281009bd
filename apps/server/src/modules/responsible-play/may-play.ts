/**
 * Whether a player may play (Lei 14.790/2023): staff accounts never take part, self-excluded
 * players are refused, and an amount that would pass one of the player's limits is refused. Run
 * inside the transaction that records the entry or top-up, after locking the player's row.
 */
import { type LimitKind, type Role, isStaffRole, responsiblePlayMessages } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { responsiblePlay, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../../db/client';
import {
  type PlayRow,
  activeExclusion,
  dateBR,
  effectiveLimits,
  lockPlayRows,
  lockRowWithRole,
  usedInPeriod,
} from './play-row';

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
  refuseIfExcluded(row, now);
  if (!hasLimits) return;
  const limits = (await effectiveLimits(tx, input.userId, now)).filter(
    (l) => l.kind === input.kind && l.amountCentavos !== null,
  );
  for (const l of limits) {
    const used = await usedInPeriod(tx, input.userId, input.kind, l.period, now);
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

/** A self-excluded player is refused, with the date the exclusion ends. */
function refuseIfExcluded(row: PlayRow | undefined, now: Date) {
  const exclusion = activeExclusion(row, now);
  if (exclusion)
    throw new AppError('FORBIDDEN', {
      message: responsiblePlayMessages.selfExcluded(
        exclusion.until ? dateBR(exclusion.until) : null,
      ),
      reason: 'SELF_EXCLUDED',
    });
}

/** Self-exclusion alone (money routes that add no amount: paying a held seat). */
export async function assertNotExcluded(tx: DbOrTx, userId: string, now = new Date()) {
  const [row] = await tx.select().from(responsiblePlay).where(eq(responsiblePlay.userId, userId));
  refuseIfExcluded(row, now);
}
