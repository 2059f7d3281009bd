/**
 * The operator's integrations: the stored PIX provider configuration (sealed secrets), external
 * connections and their webhook deliveries, remarketing campaigns and their per-player log, and
 * the players' marketing e-mail consent (LGPD).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { uuidId, createdAt, updatedAt, userIdRef } from './columns';

/** One row (id 'efi'). Every secret column holds a value sealed with APP_SECRET (lib/sealed.ts). */
export const pixProviderConfig = pgTable('pix_provider_config', {
  id: text('id').primaryKey(),
  clientId: text('client_id'),
  clientSecretSealed: text('client_secret_sealed'),
  chavePix: text('chave_pix'),
  environment: text('environment').notNull().default('sandbox'),
  certSealed: text('cert_sealed'),
  certPasswordSealed: text('cert_password_sealed'),
  certFilename: text('cert_filename'),
  certSubject: text('cert_subject'),
  certIssuer: text('cert_issuer'),
  certSerial: text('cert_serial'),
  certValidFrom: timestamp('cert_valid_from', { withTimezone: true }),
  certValidTo: timestamp('cert_valid_to', { withTimezone: true }),
  certSizeBytes: integer('cert_size_bytes'),
  certUploadedAt: timestamp('cert_uploaded_at', { withTimezone: true }),
  lastTest: jsonb('last_test'),
  /**
   * The configuration payments run on, copied from the columns above when a connection test
   * passes (or an audited override): its secrets stay sealed. Null: the environment's provider.
   * Saving new values changes only the columns above, so a bad save never stops payments.
   */
  activeConfig: jsonb('active_config'),
  /**
   * False on rows written before activation existed: such a complete row was live as saved, and
   * stays so until the next change copies it into active_config.
   */
  activationTracked: boolean('activation_tracked').notNull().default(false),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

export const externalConnections = pgTable(
  'external_connections',
  {
    id: uuidId(),
    connectionName: text('connection_name').notNull(),
    connectionType: text('connection_type').notNull(),
    serviceName: text('service_name').notNull(),
    /** The whole config JSON, sealed (it may hold passwords, tokens, signing secrets). */
    configSealed: text('config_sealed').notNull(),
    /** The same config with secret-looking values masked, for the list. */
    configMasked: jsonb('config_masked').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    events: text('events').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('external_connections_created_idx').on(t.createdAt)],
);

/** One outgoing webhook message per subscribed connection; its id is the Standard Webhooks id. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => externalConnections.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_connection_idx').on(t.connectionId, t.createdAt),
  ],
);

export const remarketingCampaigns = pgTable('remarketing_campaigns', {
  id: uuidId(),
  campaignName: text('campaign_name').notNull(),
  status: text('status').notNull().default('active'),
  emailSubject: text('email_subject').notNull(),
  emailTemplate: text('email_template').notNull(),
  targetCriteria: jsonb('target_criteria').notNull(),
  /** reactivation | email | sms (spec 001 /remarketing create options); never changes. */
  campaignType: text('campaign_type', { enum: ['reactivation', 'email', 'sms'] })
    .notNull()
    .default('reactivation'),
  smsText: text('sms_text').notNull().default(''),
  budgetCentavos: bigint('budget_centavos', { mode: 'number' }).notNull().default(0),
  /** 00:00 Brasília of the first day. */
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  /** 00:00 Brasília of the day after the last day (exclusive): from then on, Concluída. */
  endsAt: timestamp('ends_at', { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '30 days'`),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const remarketingLogs = pgTable(
  'remarketing_logs',
  {
    id: uuidId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => remarketingCampaigns.id, { onDelete: 'cascade' }),
    userId: userIdRef('cascade'),
    /** Propensity score 0-100 (recency, frequency, spending) when the mail was queued. */
    aiScore: integer('ai_score').notNull(),
    /** Random token of the open pixel, click redirect and unsubscribe links. */
    token: text('token').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    emailOpenedAt: timestamp('email_opened_at', { withTimezone: true }),
    emailClickedAt: timestamp('email_clicked_at', { withTimezone: true }),
    conversionAt: timestamp('conversion_at', { withTimezone: true }),
    /** The channel's unit cost when the mail was queued (Configurar), centavos. */
    costCentavos: integer('cost_centavos').notNull().default(0),
  },
  (t) => [
    uniqueIndex('remarketing_logs_token_idx').on(t.token),
    uniqueIndex('remarketing_logs_campaign_user_idx').on(t.campaignId, t.userId),
    index('remarketing_logs_user_idx').on(t.userId, t.emailClickedAt),
  ],
);

/** Marketing e-mail consent (LGPD): absent means not given. */
export const marketingConsent = pgTable('marketing_consent', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  accepted: boolean('accepted').notNull(),
  updatedAt: updatedAt(),
});
