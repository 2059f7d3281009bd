/**
 * Idempotency keys of the money-moving requests (docs/decisions/027-idempotency-keys.md). A client
 * that does not know whether a request took effect (nginx's 503 OUTCOME_UNKNOWN, a dropped
 * connection) sends it again with the same `Idempotency-Key`; the effect happens at most once and
 * the retry gets the first answer again, marked `Idempotent-Replayed: true`.
 *
 * The key's row is inserted first thing in the transaction of the money effect (INSERT ... ON
 * CONFLICT DO NOTHING) and its answer written last, so the row exists exactly when the effect was
 * committed: a request with the same key running at the same time waits on the unique index until
 * the first commits, then reads its answer; a first attempt that failed (rolled back, or refused
 * before its transaction) leaves the key free, and a retry runs the request again. Only successful
 * answers are stored.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyMessages } from '@sorteio/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';

/** How long a key is kept (the scheduler's rounds delete older ones). */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

/** One request under a key: who sent it, the key, and what it asks for. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  operation: string;
  /** SHA-256 of the operation and the request's params and body. */
  requestHash: string;
}

/** What the route sends: the answer, and whether it is a stored one sent again. */
export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** The key's row is there already (another request with the key committed first). */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key already used');
    this.name = 'IdempotencyKeyTaken';
  }
}

/** JSON with object keys sorted: the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The claim of a request, or undefined when it came without a key. */
export function idempotencyClaim(
  userId: string,
  key: string | undefined,
  operation: string,
  request: unknown,
): IdempotencyClaim | undefined {
  if (key === undefined) return undefined;
  const requestHash = createHash('sha256')
    .update(`${operation}\n${canonical(request)}`)
    .digest('hex');
  return { userId, key, operation, requestHash };
}

const keyOf = (claim: IdempotencyClaim) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));

/** The stored answer for the claim's key; a 422 when the key was used for another request. */
async function storedAnswer<T>(
  db: DbOrTx,
  claim: IdempotencyClaim,
): Promise<IdempotentAnswer<T> | null> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.responseStatus,
      body: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(keyOf(claim));
  if (!row) return null;
  if (row.requestHash !== claim.requestHash)
    throw new AppError('CONFLICT', {
      status: 422,
      message: idempotencyMessages.keyReused,
      reason: 'IDEMPOTENCY_KEY_REUSED',
    });
  return { status: row.status ?? 200, body: row.body as T, replayed: true };
}

/**
 * Runs a request under its key: the stored answer when the key was used already (422 when for
 * another request), else `run`, whose transaction calls `claimKey` first and `storeAnswer` last.
 * Without a key, just `run`.
 */
export async function idempotent<T>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  run: (claim: IdempotencyClaim | undefined) => Promise<T>,
): Promise<IdempotentAnswer<T>> {
  if (!claim) return { status: 200, body: await run(undefined), replayed: false };
  for (let attempt = 0; ; attempt += 1) {
    const stored = await storedAnswer<T>(db, claim);
    if (stored) return stored;
    try {
      return { status: 200, body: await run(claim), replayed: false };
    } catch (error) {
      // Another request with the key committed while this one ran: its answer is read above.
      // (Twice at most: a key deleted between the two reads is older than the retention.)
      if (!(error instanceof IdempotencyKeyTaken) || attempt >= 1) throw error;
    }
  }
}

/**
 * First thing in the transaction of the effect: takes the key, or throws IdempotencyKeyTaken
 * (rolling the transaction back) when another request with the key committed. A request with the
 * key still in flight makes this wait on the unique index until it ends.
 */
export async function claimKey(tx: DbOrTx, claim: IdempotencyClaim | undefined): Promise<void> {
  if (!claim) return;
  const taken = await tx
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  if (taken.length === 0) throw new IdempotencyKeyTaken();
}

/** Last thing in the transaction of the effect: the answer the request gets, kept for retries. */
export async function storeAnswer<T>(
  tx: DbOrTx,
  claim: IdempotencyClaim | undefined,
  body: T,
  status = 200,
): Promise<T> {
  if (claim)
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body })
      .where(keyOf(claim));
  return body;
}

/** Sends an answer: its status, and the replay header when it is a stored one. */
export function sendIdempotent<T>(reply: FastifyReply, answer: IdempotentAnswer<T>): T {
  if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  void reply.code(answer.status);
  return answer.body;
}

/** Deletes keys past the retention (the scheduler's rounds). */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_HOURS * 3600_000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

/** The batch form of claimKey: the claims taken (the others' keys were taken already). */
export async function claimKeys(
  tx: DbOrTx,
  claims: IdempotencyClaim[],
): Promise<Set<IdempotencyClaim>> {
  if (claims.length === 0) return new Set();
  const taken = await tx
    .insert(idempotencyKeys)
    .values(claims)
    .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
    .returning({ userId: idempotencyKeys.userId, key: idempotencyKeys.key });
  const got = new Set(taken.map((row) => `${row.userId}\n${row.key}`));
  return new Set(claims.filter((claim) => got.has(`${claim.userId}\n${claim.key}`)));
}

/**
 * The batch form of storeAnswer, for the claims a batch took: the answers of those that succeeded
 * stored, the keys of those refused freed (as a rolled-back transaction would leave them).
 */
export async function settleKeys(
  tx: DbOrTx,
  settled: { claim: IdempotencyClaim; body: unknown }[],
  freed: IdempotencyClaim[],
): Promise<void> {
  if (settled.length > 0) {
    const rows = sql.join(
      settled.map(
        ({ claim, body }) =>
          sql`(${claim.userId}::text, ${claim.key}::text, ${JSON.stringify(body)}::jsonb)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`update ${idempotencyKeys} set response_status = 200, response_body = v.body from (values ${rows}) as v(user_id, key, body) where ${idempotencyKeys.userId} = v.user_id and ${idempotencyKeys.key} = v.key`,
    );
  }
  for (const claim of freed) await tx.delete(idempotencyKeys).where(keyOf(claim));
}
