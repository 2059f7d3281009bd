/**
 * Web push (docs/decisions/026-installable-app-and-push.md): each device a player turned
 * notifications on in (one row per push service endpoint), and the server's VAPID key pair when
 * it is not given by the environment (made once, the private key sealed with the key ring).
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { uuidId, createdAt, userIdRef } from './columns';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    /** The push service's URL for this device: a capability, never shown back. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** Failed deliveries in a row (not 404/410, which delete the row). */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export const pushVapidKeys = pgTable('push_vapid_keys', {
  /** Always 'default': one pair for every server copy. */
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});
