/**
 * The support centre: what players asked the support chat (kept SUPPORT_RETENTION_DAYS, then
 * removed; part of the LGPD export; removed on account deletion) and the tickets answered by staff.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidId, createdAt, updatedAt, userIdRef } from './columns';

/** One question and its answer in the support chat of a signed-in player. */
export const supportChatLog = pgTable(
  'support_chat_log',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** llm, offline or canned. */
    engine: text('engine').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_chat_log_user_idx').on(t.userId, t.createdAt),
    index('support_chat_log_created_idx').on(t.createdAt),
  ],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['aberto', 'respondido', 'fechado'] })
      .notNull()
      .default('aberto'),
    closedBy: text('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.updatedAt),
    index('support_tickets_user_idx').on(t.userId, t.createdAt),
  ],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuidId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** player, staff, or the chat transcript attached when the ticket opened (chat_user, chat_bot). */
    author: text('author', { enum: ['player', 'staff', 'chat_user', 'chat_bot'] }).notNull(),
    /** The staff member who answered (no foreign key: kept if the account goes). */
    staffId: text('staff_id'),
    staffName: text('staff_name'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
