/**
 * The payout queue of the financial tab (spec 001 "Admin financial tab"): prizes and withdrawals
 * waiting, being sent or recently returned, as staff may see them.
 */
import { type PayoutQueueItem, type Role, viewField } from '@sorteio/shared';
import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, profiles, user } from '../../db/schema';

/**
 * Prizes and withdrawals waiting, being sent, or returned in the last 30 days; the e-mail as the
 * viewer may see it (staff-access.ts).
 */
export async function payoutQueue(
  db: Db,
  viewer: Role,
  now = new Date(),
): Promise<PayoutQueueItem[]> {
  const rows = await db
    .select({ p: payouts, nome: profiles.nomeCompleto, email: user.email })
    .from(payouts)
    .innerJoin(user, eq(user.id, payouts.userId))
    .leftJoin(profiles, eq(profiles.id, payouts.userId))
    .where(
      or(
        inArray(payouts.status, ['pendente', 'enviando']),
        and(
          eq(payouts.status, 'devolvido'),
          gte(payouts.updatedAt, new Date(now.getTime() - 30 * 86_400_000)),
        ),
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.p.id,
    kind: r.p.kind,
    userId: r.p.userId,
    userName: r.nome ?? viewField(viewer, 'email', r.email),
    email: viewField(viewer, 'email', r.email),
    amount: r.p.amount,
    pixKey: maskKey(r.p.pixKey),
    status: r.p.status,
    attempts: r.p.attempts,
    lastError: r.p.lastError,
    nextAttemptAt: r.p.nextAttemptAt.toISOString(),
    createdAt: r.p.createdAt.toISOString(),
    sorteioId: r.p.sorteioId,
  }));
}

/**
 * One payout as the queue shows it after a staff action; one that has left the queue (confirmed,
 * or returned long ago) comes from its own row, without the player's name, e-mail or key.
 */
export async function getPayoutQueueItem(
  db: Db,
  viewer: Role,
  payoutId: string,
): Promise<PayoutQueueItem> {
  const item = (await payoutQueue(db, viewer)).find((p) => p.id === payoutId);
  if (item) return item;
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return {
    id: row!.id,
    kind: row!.kind,
    userId: row!.userId,
    userName: '',
    email: '',
    amount: row!.amount,
    pixKey: '',
    status: row!.status,
    attempts: row!.attempts,
    lastError: row!.lastError,
    nextAttemptAt: row!.nextAttemptAt.toISOString(),
    createdAt: row!.createdAt.toISOString(),
    sorteioId: row!.sorteioId,
  };
}

/** A PIX key shown to staff without all of it: the start and the end. */
function maskKey(key: string): string {
  if (key.length <= 6) return '•'.repeat(key.length);
  return `${key.slice(0, 3)}${'•'.repeat(Math.min(8, key.length - 6))}${key.slice(-3)}`;
}
