/** Column groups many tables share (the same SQL as writing them out). */
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** `id uuid primary key default gen_random_uuid()`. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** `created_at timestamptz not null default now()`. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `user_id text not null references "user"(id)`, with the given delete rule. */
export const userIdRef = (onDelete?: 'cascade') =>
  text('user_id')
    .notNull()
    .references(() => user.id, onDelete ? { onDelete } : {});
