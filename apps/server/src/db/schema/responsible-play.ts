/**
 * Responsible play: the player's own limits, self-exclusion and time-on-site reminder
 * (modules/responsible-play). The row of a player is locked (`FOR UPDATE`) by every entry and
 * top-up, so two requests at once cannot both pass a limit.
 */
import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { updatedAt, userIdRef } from './columns';

export const responsiblePlay = pgTable('responsible_play', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Set when the player self-excluded; cannot be cleared before `selfExcludedUntil`. */
  selfExcludedAt: timestamp('self_excluded_at', { withTimezone: true }),
  selfExcludedUntil: timestamp('self_excluded_until', { withTimezone: true }),
  selfExcludedForever: boolean('self_excluded_forever').notNull().default(false),
  /** Time-on-site reminder interval in minutes (0: off). */
  reminderMinutes: integer('reminder_minutes').notNull().default(60),
  updatedAt: updatedAt(),
});

export const playLimits = pgTable(
  'play_limits',
  {
    userId: userIdRef('cascade'),
    kind: text('kind', { enum: ['deposit', 'spending'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    /** In force now; null: no limit. */
    amountCentavos: integer('amount_centavos'),
    /** A raise or removal waiting for its 24 hours. */
    pendingAmountCentavos: integer('pending_amount_centavos'),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);
