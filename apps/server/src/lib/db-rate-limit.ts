/**
 * A fixed-window limit kept in the database, so it holds across several server copies (the
 * per-IP limits of @fastify/rate-limit are per process). Used for per-account limits.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { AppError } from './errors';

export async function hitLimit(
  db: Db,
  options: { key: string; max: number; windowMs: number; message: string },
): Promise<void> {
  const windowStart = new Date(Math.floor(Date.now() / options.windowMs) * options.windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: options.key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  // Old windows are cleaned now and then, by whichever request happens to pass.
  if (Math.random() < 0.01)
    await db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(Date.now() - 86_400_000)));
  if ((row?.hits ?? 0) > options.max)
    throw new AppError('RATE_LIMITED', { message: options.message });
}
