/**
 * Operations of the integrations: the inventory of uploaded PIX certificates (sealed), the last
 * successful call to each PIX provider host, the periodic health checks of the API services and
 * the maintenance windows staff announce to players.
 */
import { boolean, index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { uuidId } from './columns';

/**
 * Every .p12/.pfx uploaded on the Certificados tab. The one in use is also copied into
 * pix_provider_config (the runtime reads only that row); this table feeds the list, the counters
 * and the refresh, which re-opens each sealed file and re-reads its validity.
 */
export const pixCertificates = pgTable(
  'pix_certificates',
  {
    id: uuidId(),
    filename: text('filename').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serialNumber: text('serial_number').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** active | expiring | expired, as of status_checked_at. */
    status: text('status').notNull(),
    statusCheckedAt: timestamp('status_checked_at', { withTimezone: true }).notNull(),
    /** Why the last re-read failed (the file no longer opens); null when it opened. */
    checkError: text('check_error'),
    certSealed: text('cert_sealed').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    inUse: boolean('in_use').notNull().default(false),
    uploadedBy: text('uploaded_by'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pix_certificates_uploaded_idx').on(t.uploadedAt)],
);

/** The last call a PIX provider host answered with success (the banner of /gerencianet-config). */
export const pixProviderCalls = pgTable('pix_provider_calls', {
  /** The provider's base URL (sandbox and production hosts are separate rows). */
  host: text('host').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  /** Method and documented route, e.g. "POST /oauth/token". */
  lastSuccessRoute: text('last_success_route').notNull(),
});

/** One row per service per periodic health check (kept 8 days). */
export const serviceChecks = pgTable(
  'service_checks',
  {
    id: uuidId(),
    serviceId: text('service_id').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** online | maintenance | offline */
    status: text('status').notNull(),
    latencyMs: real('latency_ms').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [
    index('service_checks_service_idx').on(t.serviceId, t.checkedAt),
    index('service_checks_checked_idx').on(t.checkedAt),
  ],
);

/** A maintenance window of one service, announced to players; over at ends_at or when ended. */
export const serviceMaintenance = pgTable(
  'service_maintenance',
  {
    id: uuidId(),
    serviceId: text('service_id').notNull(),
    reason: text('reason').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by'),
  },
  (t) => [index('service_maintenance_service_idx').on(t.serviceId, t.endsAt)],
);
