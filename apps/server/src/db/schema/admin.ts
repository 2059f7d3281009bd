/**
 * The staff audit log: one append-only row per change a staff member makes, written in the same
 * database transaction as the change (modules/audit/audit.service.ts). A trigger refuses UPDATE and
 * DELETE, so not even the application can rewrite history. No foreign key: the actor's id and
 * e-mail are kept as they were when the action happened.
 */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { uuidId, createdAt } from './columns';

export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: uuidId(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role').notNull(),
    /** Verb-first, dotted: user.status, room.create, payout.retry, settings.update ... */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_audit_log_created_idx').on(t.createdAt),
    index('staff_audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('staff_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
