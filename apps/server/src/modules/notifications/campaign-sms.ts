/**
 * Delivery of remarketing SMS (campaign_sms_messages, written as 'queued' by the campaigns module)
 * through the same SMS provider, timeouts and retry policy as the transactional messages: a row is
 * due when its not_before (quiet hours) has passed; it is claimed with a lease (not_before moved
 * past the provider's timeout), checked again against the player's consent, sent, and moved to
 * 'sent' (or 'delivered' by the offline outbox); a retryable failure waits with exponential
 * backoff; the Twilio status callback then brings 'delivered' or 'failed'.
 *
 * The administrator's SMS switch: while it is off nothing is claimed and the rows wait queued
 * (campaigns refuse to run while it is off, so only rows queued before it was turned off wait);
 * rows of a paused campaign wait too; rows of a campaign whose period ended before they could go
 * out fail with a clear reason instead of going out late.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignSmsMessages as smsTable, remarketingCampaigns } from '../../db/schema';
import { attemptLeased, claimLeased } from '../../lib/delivery-queue';
import { messageRetryDelay, sendThrough } from './message-delivery';
import { channelEnabled } from './notifications.service';
import type { ChannelProvider, ProviderError, SendResult } from './provider';

export const campaignSmsErrors = {
  smsOptOut: 'O jogador desativou o SMS (ou trocou o celular) antes do envio',
  marketingOptOut: 'O jogador cancelou o recebimento de novidades antes do envio',
  unavailable: 'Conta inativa ou em autoexclusão no momento do envio',
  campaignEnded: 'A campanha terminou antes do envio',
} as const;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
}

/**
 * Queued rows whose moment has come, of active campaigns within their period, oldest first.
 * Empty while the SMS switch is off. Rows of campaigns that already ended fail here.
 */
export async function dueCampaignSms(db: Db, limit = 100, now = new Date()): Promise<string[]> {
  if (!(await channelEnabled(db, 'sms'))) return [];
  await db.execute(sql`
    update campaign_sms_messages m
    set status = 'failed', error = ${campaignSmsErrors.campaignEnded}, cost_centavos = 0
    from remarketing_campaigns c
    where c.id = m.campaign_id and m.status = 'queued' and m.sent_at is null
      and c.ends_at <= ${now}`);
  const rows = await db
    .select({ id: smsTable.id })
    .from(smsTable)
    .innerJoin(remarketingCampaigns, eq(remarketingCampaigns.id, smsTable.campaignId))
    .where(
      and(
        eq(smsTable.status, 'queued'),
        lte(smsTable.notBefore, now),
        eq(remarketingCampaigns.status, 'active'),
        sql`${remarketingCampaigns.endsAt} > ${now}`,
      ),
    )
    .orderBy(smsTable.notBefore)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Why the player may no longer get this message (null: they may). */
async function consentProblem(db: Db, userId: string, phone: string): Promise<string | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select
        coalesce(np.sms_opt_in, false) and np.phone = ${phone} as sms,
        coalesce(mc.accepted, false) as marketing,
        (p.status_conta = 'ativo' and p.deleted_at is null and not exists (
          select 1 from responsible_play rp where rp.user_id = u.id
            and rp.self_excluded_at is not null
            and (rp.self_excluded_forever or rp.self_excluded_until > now()))) as available
      from "user" u
      left join profiles p on p.id = u.id
      left join notification_preferences np on np.user_id = u.id
      left join marketing_consent mc on mc.user_id = u.id
      where u.id = ${userId}`),
  );
  if (!row || row.available !== true) return campaignSmsErrors.unavailable;
  if (row.sms !== true) return campaignSmsErrors.smsOptOut;
  if (row.marketing !== true) return campaignSmsErrors.marketingOptOut;
  return null;
}

/**
 * One delivery attempt of a due campaign SMS. Returns the seconds until the next attempt when it
 * must be retried, else null. The same lease, timeout and backoff as attemptMessage.
 */
export async function attemptCampaignSms(
  db: Db,
  provider: ChannelProvider,
  id: string,
  options: { timeoutMs: number; backoffBaseSeconds?: number },
): Promise<number | null> {
  if (!(await channelEnabled(db, 'sms'))) return null;
  const fail = async (error: string, attempts: number, spent = true) => {
    await db
      .update(smsTable)
      .set({
        status: 'failed',
        error: error.slice(0, 500),
        attempts,
        // Never handed to the provider: nothing was spent on it.
        ...(spent ? {} : { costCentavos: 0 }),
      })
      .where(eq(smsTable.id, id));
  };
  return attemptLeased<typeof smsTable.$inferSelect, SendResult, ProviderError>({
    claim: () =>
      claimLeased(
        db,
        {
          table: smsTable,
          id: smsTable.id,
          status: smsTable.status,
          pending: 'queued',
          dueAt: smsTable.notBefore,
        },
        id,
        options.timeoutMs + 5000,
      ),
    // Checked again at send time: the player may have opted out since the campaign ran.
    async admit(claimed) {
      const problem = await consentProblem(db, claimed.userId, claimed.phone);
      if (problem) await fail(problem, claimed.attempts, false);
      return !problem;
    },
    send: (claimed) =>
      sendThrough(provider, { to: claimed.phone, body: claimed.body, template: '', params: [] }),
    retryDelay: messageRetryDelay(options.backoffBaseSeconds),
    async sent(_claimed, attempts, result) {
      const now = new Date();
      await db
        .update(smsTable)
        .set({
          status: result.status,
          providerMessageId: result.providerMessageId,
          attempts,
          error: null,
          sentAt: now,
          deliveredAt: result.status === 'delivered' ? now : null,
        })
        .where(eq(smsTable.id, id));
    },
    async retry(_claimed, attempts, e, delay) {
      await db
        .update(smsTable)
        .set({
          attempts,
          error: e.message.slice(0, 500),
          notBefore: new Date(Date.now() + delay * 1000),
        })
        .where(eq(smsTable.id, id));
    },
    giveUp: (_claimed, attempts, e) => fail(e.message, attempts),
  });
}

const rank = { queued: 0, sent: 1, delivered: 2, failed: 3 } as const;

/**
 * The Twilio status report of a campaign SMS (the callback first looks in the notifications'
 * delivery log). Same rules: a status only moves forward, failed is accepted until delivered.
 * Returns whether the message is one of the campaigns'.
 */
export async function applyCampaignSmsStatus(
  db: Db,
  providerMessageId: string,
  reported: 'sent' | 'delivered' | 'read' | 'failed',
  at: Date,
  error: string | null,
): Promise<boolean> {
  const status = reported === 'read' ? 'delivered' : reported;
  const [row] = await db
    .select({ id: smsTable.id, status: smsTable.status })
    .from(smsTable)
    .where(eq(smsTable.providerMessageId, providerMessageId));
  if (!row) return false;
  const current = row.status;
  const forward =
    status === 'failed'
      ? current === 'queued' || current === 'sent'
      : current !== 'failed' && rank[status] > rank[current];
  if (!forward) return true;
  await db
    .update(smsTable)
    .set(
      status === 'sent'
        ? { status, sentAt: at }
        : status === 'delivered'
          ? { status, deliveredAt: at }
          : { status, error: error ?? 'Falha informada pelo provedor' },
    )
    .where(eq(smsTable.id, row.id));
  return true;
}
