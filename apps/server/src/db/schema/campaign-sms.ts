/**
 * The SMS messages of remarketing campaigns, one row per recipient. The campaigns module writes
 * them as 'queued' (campaigns.service enqueueCampaignSms); the SMS sender of the notifications
 * module (notifications/campaign-sms.ts) picks queued rows whose not_before has passed, sends them
 * through the SMS provider and moves them to 'sent', then 'delivered' or 'failed' from the
 * carrier's receipts (Twilio status callback).
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { remarketingCampaigns } from './integrations';
import { uuidId, userIdRef } from './columns';

export const campaignSmsMessages = pgTable(
  'campaign_sms_messages',
  {
    id: uuidId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => remarketingCampaigns.id, { onDelete: 'cascade' }),
    userId: userIdRef('cascade'),
    /** E.164 (+55...), the SMS number of notification_preferences when the message was queued. */
    phone: text('phone').notNull(),
    /** The filled text (template variables replaced). */
    body: text('body').notNull(),
    /** Sender id / number from the channel defaults at queue time. */
    senderName: text('sender_name').notNull().default(''),
    senderNumber: text('sender_number').notNull().default(''),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    /** Propensity score 0-100 when queued (same as remarketing_logs.ai_score). */
    aiScore: integer('ai_score').notNull().default(0),
    costCentavos: integer('cost_centavos').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Quiet hours: the sender must not send before this moment. The sender also moves it forward
     * as its lease while an attempt runs and to the next attempt after a retryable failure.
     */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    /** Delivery attempts made (the notifications' retry policy: MAX_ATTEMPTS, backoff). */
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('campaign_sms_messages_campaign_user_idx').on(t.campaignId, t.userId),
    index('campaign_sms_messages_due_idx').on(t.status, t.notBefore),
    index('campaign_sms_messages_user_idx').on(t.userId, t.queuedAt),
  ],
);
