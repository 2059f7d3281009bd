/**
 * Every money-moving database transaction runs through `moneyTransaction`
 * (docs/decisions/007-money-lock-order.md): a deadlock or serialization failure is retried with
 * jitter, the same idempotency keys making a retry a no-op, and the last failure is a 503.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, pgErrorCode } from '../../lib/errors';
import { databaseOf, lockedIn, platformIds } from './ledger-locks';
import type { Tx } from './ledger-reads';

export const moneyContention = { retries: 0, giveUps: 0 };
const CONTENTION_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

export const contentionMessage =
  'Muitas operações ao mesmo tempo na sua conta ou nesta sala. Tente novamente em alguns segundos.';

/**
 * Runs one money-moving database transaction. A deadlock (40P01) or serialization failure (40001)
 * rolls it back whole; it is tried again after a short random wait, up to MAX_ATTEMPTS times, with
 * the same idempotency keys. After the last try the caller gets a 503 with Retry-After.
 */
export async function moneyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      let opened: Tx | undefined;
      const out = await db.transaction((tx) => {
        opened = tx;
        // The outer handle as a cache key only (platformIds): never queried in here.
        // eslint-disable-next-line local/no-outer-db-in-transaction
        databaseOf.set(tx, db);
        return work(tx);
      });
      const resolved = opened && lockedIn.get(opened)?.platformResolved;
      if (resolved?.size) {
        const platform = platformIds.get(db);
        for (const [key, id] of resolved) platform?.set(key, id);
      }
      return out;
    } catch (error) {
      if (!CONTENTION_CODES.has(pgErrorCode(error) ?? '')) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        moneyContention.giveUps += 1;
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: contentionMessage,
          reason: 'CONTENTION',
          retryAfterSeconds: 2,
          cause: error,
        });
      }
      moneyContention.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 * 2 ** attempt)));
    }
  }
}
