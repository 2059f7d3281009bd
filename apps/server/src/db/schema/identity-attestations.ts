/**
 * Identity attestations: a staff member who may review identities (permission identity.review)
 * adds an account as verified after seeing the person's documents. The row says who attested,
 * when, what was seen and the note; the staff audit log keeps the same facts. Rows are kept when
 * the staff account goes (attested_by set null, the e-mail and role stay).
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { uuidId, userIdRef } from './columns';

export const identityAttestations = pgTable(
  'identity_attestations',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    attestedBy: text('attested_by').references(() => user.id, { onDelete: 'set null' }),
    attestedByEmail: text('attested_by_email').notNull(),
    attestedByRole: text('attested_by_role').notNull(),
    /** The checklist items seen: documento_com_foto, cpf, selfie_presenca (all required). */
    documents: text('documents').array().notNull(),
    note: text('note').notNull().default(''),
    attestedAt: timestamp('attested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_attestations_user_idx').on(t.userId, t.attestedAt)],
);
