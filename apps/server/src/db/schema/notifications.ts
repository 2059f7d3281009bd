/**
 * SMS and WhatsApp notifications: each player's phone and per-channel consent, the history of every
 * consent change (time, source: the profile or a reply keyword), and the delivery log of every
 * message (one row per message, updated from the providers' status callbacks).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { uuidId, createdAt, updatedAt, userIdRef } from './columns';

/** One row per player who ever set a phone or a channel. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** E.164 (+55DDDNUMBER). */
    phone: text('phone'),
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    smsChangedAt: timestamp('sms_changed_at', { withTimezone: true }),
    smsSource: text('sms_source', { enum: ['profile', 'reply'] }),
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    whatsappChangedAt: timestamp('whatsapp_changed_at', { withTimezone: true }),
    whatsappSource: text('whatsapp_source', { enum: ['profile', 'reply'] }),
    updatedAt: updatedAt(),
  },
  (t) => [index('notification_preferences_phone_idx').on(t.phone)],
);

/** Every yes and no, kept (LGPD: proof of consent and of its withdrawal). */
export const notificationConsentEvents = pgTable(
  'notification_consent_events',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    optedIn: boolean('opted_in').notNull(),
    source: text('source', { enum: ['profile', 'reply'] }).notNull(),
    phone: text('phone'),
    /** The keyword replied, or the request's address for a profile change. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_consent_events_user_idx').on(t.userId, t.createdAt)],
);

export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    event: text('event').notNull(),
    /** The WhatsApp template name (SMS: the same name, for the log). */
    template: text('template').notNull(),
    params: jsonb('params').$type<string[]>().notNull(),
    body: text('body').notNull(),
    toPhone: text('to_phone').notNull(),
    /** One message per event, channel and player, whoever sees the event first. */
    dedupeKey: text('dedupe_key').notNull(),
    /** Security alerts are neither limited nor counted by the daily cap. */
    capped: boolean('capped').notNull().default(true),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    errorCode: text('error_code'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_messages_dedupe_key').on(t.dedupeKey),
    uniqueIndex('notification_messages_provider_id_key').on(t.provider, t.providerMessageId),
    index('notification_messages_user_day_idx').on(t.userId, t.channel, t.queuedAt),
    index('notification_messages_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
