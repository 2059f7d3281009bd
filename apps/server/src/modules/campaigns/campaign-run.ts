/**
 * Running a campaign: mail through the mail queue, SMS rows for the SMS sender, within the weekly
 * cap and quiet hours.
 */
import { randomBytes } from 'node:crypto';
import {
  type RunCampaignResult,
  type TargetCriteria,
  channelOfCampaignType,
  integrationMessages,
} from '@sorteio/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { campaignSmsMessages, remarketingLogs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { SMS_OPT_OUT_HINT } from '../notifications';
import { getSetting } from '../settings/settings.service';
import type { DbOrTx } from '../wallet';
import { findAudience } from './campaign-audience';
import { DAY_MS, brasiliaDay, effectiveStatus, quietHoursEnd, rowsOf } from './campaign-dates';
import { getChannelSettings } from './campaign-edit';
import { fillTemplate, renderCampaignMail } from './campaign-mail';
import { countsByCampaign, getRow } from './campaign-rows';

export interface CampaignSmsMessage {
  campaignId: string;
  userId: string;
  phone: string;
  body: string;
  senderName: string;
  senderNumber: string;
  aiScore: number;
  costCentavos: number;
  /** Quiet hours: not to be sent before this moment. */
  notBefore: Date;
}

/**
 * INTEGRATION POINT (SMS sending). Hands a campaign's SMS to the SMS channel: each message is
 * recorded as 'queued' in campaign_sms_messages (body with the SMS opt-out hint, E.164 phone,
 * not_before = end of the quiet hours or now). After the run commits, the route emits
 * 'campaign-sms' and the notification runtime sends the rows already due; its sweep (every 30 s,
 * index campaign_sms_messages_due_idx) sends the others once not_before has passed. The sender
 * (notifications/campaign-sms.ts) uses the notifications' SMS provider, timeout, lease and
 * backoff; it checks SMS opt-in, phone, marketing consent and self-exclusion again at send time
 * (failing the row with the reason), sets 'sent' / sent_at / provider_message_id, and the Twilio
 * status callback sets 'delivered' / delivered_at or 'failed' / error; the report reads these.
 * Returns how many rows were written (a player already queued for the campaign is skipped).
 */
export async function enqueueCampaignSms(
  tx: DbOrTx,
  messages: CampaignSmsMessage[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < messages.length; i += 500) {
    const rows = await tx
      .insert(campaignSmsMessages)
      .values(messages.slice(i, i + 500).map((m) => ({ ...m, status: 'queued' as const })))
      .onConflictDoNothing()
      .returning({ id: campaignSmsMessages.id });
    written += rows.length;
  }
  return written;
}

/** Campaign messages of any channel each player got in the last 7 days. */
async function recentMessageCounts(tx: DbOrTx, now: Date): Promise<Map<string, number>> {
  const since = new Date(now.getTime() - 7 * DAY_MS);
  const result = await tx.execute(sql`
    select user_id, count(*)::int as n from (
      select user_id from remarketing_logs where sent_at > ${since}
      union all
      select user_id from campaign_sms_messages where queued_at > ${since}
    ) m group by user_id`);
  return new Map(rowsOf(result).map((r) => [String(r.user_id), Number(r.n)]));
}

/**
 * 'Executar': sends the campaign to every matching player who consented to its channel and has
 * not received it yet, within the channel defaults: at most `frequency_cap_per_week` campaign
 * messages per player in 7 days, the budget (messages × unit cost; highest propensity first), and
 * for SMS the quiet hours (queued to wait until they end). Only an active campaign within its
 * period runs. The campaign row is locked for the run, so two runs cannot overspend the budget.
 */
export async function runCampaign(options: {
  db: Db;
  config: Config;
  mailer: Mailer;
  actor: AuditActor;
  id: string;
  now?: Date;
}): Promise<RunCampaignResult> {
  const { db, config, mailer, actor } = options;
  const now = options.now ?? new Date();
  const defaults = await getChannelSettings(db);
  const siteName = await getSetting(db, 'general.siteName');
  // The administrator's SMS switch: while it is off an SMS campaign does not run (nothing queued).
  const smsOn = await getSetting(db, 'notifications.sms');
  const mails: ReturnType<typeof renderCampaignMail>[] = [];
  const result = await db.transaction(async (tx) => {
    const row = await getRow(tx, options.id, true);
    const status = effectiveStatus(row.status, row.endsAt, now);
    if (status === 'completed')
      throw new AppError('CONFLICT', {
        message: 'Campanha concluída: a data de término já passou.',
      });
    if (status !== 'active')
      throw new AppError('CONFLICT', { message: integrationMessages.campaignNotActive });
    if (now < row.startsAt)
      throw new AppError('CONFLICT', {
        message: `A campanha começa em ${brasiliaDay(row.startsAt).split('-').reverse().join('/')}.`,
      });
    const channel = channelOfCampaignType(row.campaignType);
    if (channel === 'sms' && !smsOn)
      throw new AppError('CONFLICT', { message: integrationMessages.campaignSmsOff });
    const table = channel === 'sms' ? sql`campaign_sms_messages` : sql`remarketing_logs`;
    const audience = await findAudience(
      tx,
      row.targetCriteria as TargetCriteria,
      sql`and consent and not exists (select 1 from ${table} l
          where l.campaign_id = ${row.id} and l.user_id = stats.user_id)`,
      undefined,
      channel,
    );
    const recent = await recentMessageCounts(tx, now);
    const underCap = audience.filter(
      (m) => (recent.get(m.userId) ?? 0) < defaults.frequency_cap_per_week,
    );
    const unitCost = channel === 'sms' ? defaults.sms_cost_centavos : defaults.email_cost_centavos;
    const spent = (await countsByCampaign(tx, row.id)).get(row.id)?.cost ?? 0;
    const affordable =
      unitCost === 0
        ? underCap.length
        : Math.max(0, Math.floor((row.budgetCentavos - spent) / unitCost));
    const chosen = underCap.slice(0, affordable);
    let queued: number;
    let deferredUntil: Date | null = null;
    if (channel === 'sms') {
      deferredUntil = quietHoursEnd(defaults, now);
      queued = await enqueueCampaignSms(
        tx,
        chosen.map((m) => ({
          campaignId: row.id,
          userId: m.userId,
          phone: m.phone,
          // The same opt-out hint as every SMS of the platform (a reply SAIR turns SMS off).
          body: fillTemplate(row.smsText, m) + SMS_OPT_OUT_HINT,
          senderName: defaults.sms_sender_name,
          senderNumber: defaults.sms_sender_number,
          aiScore: m.score,
          costCentavos: unitCost,
          notBefore: deferredUntil ?? now,
        })),
      );
    } else {
      const logs = chosen.map((m) => ({
        campaignId: row.id,
        userId: m.userId,
        aiScore: m.score,
        costCentavos: unitCost,
        sentAt: now,
        token: randomBytes(18).toString('base64url'),
      }));
      for (let i = 0; i < logs.length; i += 500)
        await tx
          .insert(remarketingLogs)
          .values(logs.slice(i, i + 500))
          .onConflictDoNothing();
      queued = logs.length;
      for (const [i, m] of chosen.entries())
        mails.push(
          renderCampaignMail({
            config,
            siteName,
            subject: row.emailSubject,
            template: row.emailTemplate,
            member: m,
            token: logs[i]!.token,
            senderName: defaults.email_sender_name,
          }),
        );
    }
    const outcome: RunCampaignResult = {
      queued,
      skipped_budget: underCap.length - chosen.length,
      skipped_frequency: audience.length - underCap.length,
      deferred_until: deferredUntil?.toISOString() ?? null,
    };
    await writeAudit(tx, actor, {
      action: 'campaign.run',
      targetType: 'campaign',
      targetId: row.id,
      after: { channel, ...outcome },
    });
    return outcome;
  });
  // Mail is queued after the commit: a rolled-back run sends nothing.
  for (const mail of mails) await mailer.send(mail);
  return result;
}
