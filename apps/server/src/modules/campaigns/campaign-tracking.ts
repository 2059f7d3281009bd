/**
 * The public tracking links of campaign mail (open, click, unsubscribe) and the marketing consent.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketingConsent, remarketingLogs } from '../../db/schema';

export async function trackOpen(db: Db, token: string): Promise<void> {
  await db
    .update(remarketingLogs)
    .set({ emailOpenedAt: sql`coalesce(${remarketingLogs.emailOpenedAt}, now())` })
    .where(eq(remarketingLogs.token, token));
}

/** A click also counts as an open (images are often blocked). */
export async function trackClick(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(remarketingLogs)
    .set({
      emailClickedAt: sql`coalesce(${remarketingLogs.emailClickedAt}, now())`,
      emailOpenedAt: sql`coalesce(${remarketingLogs.emailOpenedAt}, now())`,
    })
    .where(eq(remarketingLogs.token, token))
    .returning({ id: remarketingLogs.id });
  return rows.length > 0;
}

export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const [log] = await db
    .select({ userId: remarketingLogs.userId })
    .from(remarketingLogs)
    .where(eq(remarketingLogs.token, token));
  if (!log) return false;
  await setMarketingConsent(db, log.userId, false);
  return true;
}

export async function getMarketingConsent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ accepted: marketingConsent.accepted })
    .from(marketingConsent)
    .where(eq(marketingConsent.userId, userId));
  return row?.accepted ?? false;
}

export async function setMarketingConsent(db: Db, userId: string, accepted: boolean) {
  await db
    .insert(marketingConsent)
    .values({ userId, accepted })
    .onConflictDoUpdate({
      target: marketingConsent.userId,
      set: { accepted, updatedAt: new Date() },
    });
}
