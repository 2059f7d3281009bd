/**
 * Idempotency keys of the money-moving requests (docs/decisions/027-idempotency-keys.md). A row is
 * written in the same transaction as the request's money effect, so it exists exactly when the
 * effect was committed; the scheduler's rounds delete rows older than 24 hours.
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, userIdRef, uuidId } from './columns';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    /** The client's Idempotency-Key header. */
    key: text('key').notNull(),
    /** What the request did, e.g. "room.join", "wallet.topup", "wallet.withdraw". */
    operation: text('operation').notNull(),
    /** SHA-256 (hex) of the operation, params and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer sent for the request, sent again as it was to a retry with the same key. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
