/** A campaign's stored row, its delivery counts (e-mail and SMS) and its API shape. */
import { type Campaign, type TargetCriteria, channelOfCampaignType } from '@sorteio/shared';
import { eq, sql } from 'drizzle-orm';
import { remarketingCampaigns } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { DbOrTx } from '../wallet';
import {
  CONVERSION_WINDOW_DAYS,
  brasiliaDay,
  campaignProgress,
  effectiveStatus,
  rowsOf,
} from './campaign-dates';

export type CampaignRow = typeof remarketingCampaigns.$inferSelect;

export interface Counts {
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  opened: number;
  clicked: number;
  conversions: number;
  cost: number;
  score: number;
}
export const zeroCounts: Counts = {
  queued: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  opened: 0,
  clicked: 0,
  conversions: 0,
  cost: 0,
  score: 0,
};

/**
 * Every campaign message of both channels as one relation: its send moment (an SMS not sent yet:
 * when it was queued), whether it went out, opens / clicks (e-mail only), cost and whether the
 * recipient converted: a confirmed, paid entry within the window after the send.
 */
export const messagesSql = sql`
  with msgs as (
    select l.campaign_id, l.user_id, l.sent_at as at, 'sent'::text as status,
      l.email_opened_at as opened_at, l.email_clicked_at as clicked_at,
      l.cost_centavos, l.ai_score
    from remarketing_logs l
    union all
    select m.campaign_id, m.user_id, coalesce(m.sent_at, m.queued_at), m.status,
      null::timestamptz, null::timestamptz, m.cost_centavos, m.ai_score
    from campaign_sms_messages m
  )
  select msgs.*, msgs.status in ('sent', 'delivered') as went_out,
    (msgs.status in ('sent', 'delivered') and exists (
      select 1 from participacoes p
      where p.user_id = msgs.user_id and p.status_pagamento = 'confirmado' and p.valor_pago > 0
        and p.created_at >= msgs.at
        and p.created_at <= msgs.at + make_interval(days => ${CONVERSION_WINDOW_DAYS})
    )) as converted
  from msgs`;

export const aggregates = sql`
    count(*)::int as queued,
    count(*) filter (where went_out)::int as sent,
    count(*) filter (where status = 'delivered')::int as delivered,
    count(*) filter (where status = 'failed')::int as failed,
    count(opened_at)::int as opened,
    count(clicked_at)::int as clicked,
    count(*) filter (where converted)::int as conversions,
    coalesce(sum(cost_centavos), 0)::bigint as cost,
    coalesce(avg(ai_score) filter (where went_out), 0)::float as score`;

export function toCounts(r: Record<string, unknown>): Counts {
  return {
    queued: Number(r.queued),
    sent: Number(r.sent),
    delivered: Number(r.delivered),
    failed: Number(r.failed),
    opened: Number(r.opened),
    clicked: Number(r.clicked),
    conversions: Number(r.conversions),
    cost: Number(r.cost),
    score: Number(r.score),
  };
}

export async function countsByCampaign(db: DbOrTx, campaignId?: string) {
  const result = await db.execute(
    sql`select campaign_id, ${aggregates} from (${messagesSql}) m
        ${campaignId ? sql`where campaign_id = ${campaignId}` : sql``}
        group by campaign_id`,
  );
  return new Map(rowsOf(result).map((r) => [String(r.campaign_id), toCounts(r)]));
}

export function toCampaign(row: CampaignRow, counts: Counts | undefined, now: Date): Campaign {
  const c = counts ?? zeroCounts;
  const type = row.campaignType;
  return {
    id: row.id,
    campaign_name: row.campaignName,
    campaign_type: type,
    channel: channelOfCampaignType(type),
    status: effectiveStatus(row.status, row.endsAt, now),
    email_subject: row.emailSubject,
    email_template: row.emailTemplate,
    sms_text: row.smsText,
    target_criteria: row.targetCriteria as TargetCriteria,
    budget_centavos: row.budgetCentavos,
    cost_centavos: c.cost,
    start_date: brasiliaDay(row.startsAt),
    end_date: brasiliaDay(new Date(row.endsAt.getTime() - 1)),
    progress: campaignProgress(row.startsAt, row.endsAt, now),
    queued_count: c.queued,
    sent_count: c.sent,
    opened_count: c.opened,
    clicked_count: c.clicked,
    conversion_count: c.conversions,
    success_rate: c.sent === 0 ? 0 : Math.round((c.opened / c.sent) * 1000) / 10,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getRow(db: DbOrTx, id: string, lock = false): Promise<CampaignRow> {
  const q = db.select().from(remarketingCampaigns).where(eq(remarketingCampaigns.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Campanha não encontrada.');
  return row;
}
