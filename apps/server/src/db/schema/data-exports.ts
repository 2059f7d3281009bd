/**
 * Personal-data exports prepared in the background (LGPD art. 18, II) for accounts too large to
 * export within a request (modules/profile/data-export-job.ts). The row is the job's state; the
 * file lives in the private file storage, sealed, until `expires_at`, when the rounds delete it and
 * mark the row `expirada`. Rows go with the account.
 */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uuidId, userIdRef } from './columns';

export const dataExports = pgTable(
  'data_exports',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    status: text('status', {
      enum: ['pendente', 'processando', 'pronta', 'falhou', 'expirada'],
    }).notNull(),
    /** The identity-check images were asked for (the file is then a zip). */
    includeImages: boolean('include_images').notNull().default(false),
    /** Rows counted when the export was asked for (what made it "large"). */
    rowCount: integer('row_count').notNull(),
    /** Private storage key of the sealed file; null before it is ready and after it expires. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    index('data_exports_status_idx').on(t.status, t.expiresAt),
  ],
);
