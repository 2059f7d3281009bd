/**
 * Remarketing campaigns (spec 001 "Admin remarketing tab", /remarketing; one implementation).
 *
 * Audience (computed in SQL): active, e-mail-confirmed players matching the campaign's criteria:
 * - days_inactive: no entry (or, without entries, no sign-up) in the last N days;
 * - min_participations: at least N confirmed entries;
 * - last_win_days: no prize won in the last N days (0: ignore);
 * - spending_range: total paid for confirmed entries between min and max centavos.
 * Mail goes only to players who accepted marketing e-mails (marketing_consent, LGPD) and carries
 * an unsubscribe link that works without signing in.
 *
 * The spec's ai_score is a propensity score, 0-100, named as such on screen: a recency-frequency-
 * monetary (RFM) blend, 50 % recency exp(-days since last entry / 30), 30 % frequency
 * min(1, entries / 10), 20 % spending min(1, total paid / R$ 1.000). It is a heuristic rank of
 * how likely a player is to come back, not a trained model.
 *
 * Channels: reactivation and e-mail campaigns send mail; SMS campaigns queue one row per
 * recipient in campaign_sms_messages (enqueueCampaignSms), which the SMS sender delivers.
 *
 * Tracking is counted for real: e-mail delivery (queued to the mail queue), open (a 1x1 pixel),
 * click (a redirect to the site); SMS sent / delivered / failed from the message rows; and for
 * both, conversion: a paid, confirmed entry within 7 days after the send.
 *
 * Dates: a campaign runs from 00:00 of its start day to the end of its end day, Brasília time
 * (UTC-3, no daylight saving since 2019). Its status 'completed' (Concluída) is computed on every
 * read from the end date, never stored, so the list, the filter, the toggle and a run agree.
 */
import { randomBytes } from 'node:crypto';
import {
  type Campaign,
  type CampaignChannel,
  type CampaignChannelSettings,
  type CampaignListQuery,
  type CampaignReport,
  type CampaignReportRow,
  type CampaignStats,
  type CampaignStatus,
  type CreateCampaignInput,
  type RunCampaignResult,
  type TargetCriteria,
  type UpdateCampaignInput,
  campaignChannelLabels,
  campaignChannelSettingsSchema,
  campaignConversionWindowDays,
  campaignIssues,
  campaignStatusLabels,
  channelOfCampaignType,
  createCampaignInputSchema,
  defaultCampaignChannelSettings,
  formatBRL,
  integrationMessages,
  notAvailableLabel,
  updateCampaignInputSchema,
} from '@sorteio/shared';
import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  campaignSmsMessages,
  marketingConsent,
  remarketingCampaigns,
  remarketingLogs,
} from '../../db/schema';
import { moneyCell, numberCell, textCell, toCsv } from '../../lib/csv';
import { AppError, notFound } from '../../lib/errors';
import type { AuditActor } from '../audit/audit.service';
import { writeAudit } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { SMS_OPT_OUT_HINT } from '../notifications';
import { getSetting, invalidateSettings, setSetting } from '../settings/settings.service';
import type { DbOrTx } from '../../db/client';

/** Days after the send in which a paid entry counts as the campaign's conversion. */
export const CONVERSION_WINDOW_DAYS = campaignConversionWindowDays;
const DEFAULT_SUBJECT = 'Sentimos sua falta no Sorteio Certo!';
const DAY_MS = 86_400_000;
/** Brasília is UTC-3 all year (no daylight saving since 2019). */
const BRT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** PGlite answers { rows }, node-postgres through Drizzle the same; be tolerant of both shapes. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
}

// ---------------------------------------------------------------- dates and progress

/** 00:00 Brasília of a calendar day (YYYY-MM-DD). */
export function brasiliaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** The Brasília calendar day (YYYY-MM-DD) of a moment. */
export function brasiliaDay(at: Date): string {
  return new Date(at.getTime() - BRT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The stored period of a campaign: [start of the first day, start of the day after the last). */
export function campaignPeriod(startDate: string, endDate: string) {
  return {
    startsAt: brasiliaDayStart(startDate),
    endsAt: new Date(brasiliaDayStart(endDate).getTime() + DAY_MS),
  };
}

/** Elapsed fraction of the period, percent, rounded down and clamped to 0..100. */
export function campaignProgress(startsAt: Date, endsAt: Date, now: Date): number {
  const span = endsAt.getTime() - startsAt.getTime();
  if (span <= 0) return now >= endsAt ? 100 : 0;
  const ratio = (now.getTime() - startsAt.getTime()) / span;
  return Math.min(100, Math.max(0, Math.floor(ratio * 100)));
}

/** Stored active/paused, or completed once the end date has passed (computed on read). */
export function effectiveStatus(stored: string, endsAt: Date, now: Date): CampaignStatus {
  if (now >= endsAt) return 'completed';
  return stored === 'paused' ? 'paused' : 'active';
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * When `now` falls in the quiet hours (Brasília time; the window may cross midnight), the moment
 * they end; otherwise null. Equal start and end mean no quiet hours.
 */
export function quietHoursEnd(
  settings: Pick<CampaignChannelSettings, 'quiet_hours_start' | 'quiet_hours_end'>,
  now: Date,
): Date | null {
  const start = minutesOf(settings.quiet_hours_start);
  const end = minutesOf(settings.quiet_hours_end);
  if (start === end) return null;
  const local = new Date(now.getTime() - BRT_OFFSET_MS);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quiet) return null;
  const todayEnd = new Date(brasiliaDayStart(brasiliaDay(now)).getTime() + end * 60_000);
  return todayEnd > now ? todayEnd : new Date(todayEnd.getTime() + DAY_MS);
}

// ---------------------------------------------------------------- audience

export interface AudienceMember {
  userId: string;
  email: string;
  phone: string;
  nome: string;
  participacoes: number;
  totalGanho: number;
  diasInativo: number;
  score: number;
  consent: boolean;
}

/**
 * INTEGRATION POINT (SMS consent). Who may receive campaign SMS: the player accepted marketing
 * (the same LGPD opt-in as campaign e-mail, `mc`) AND opted into SMS in the notifications module
 * (`np`, notification_preferences.sms_opt_in, given for the E.164 phone stored there). The SMS
 * audience is the players with that phone (not the free-text profile phone), and the message goes
 * to it. The sender (notifications/campaign-sms.ts) checks both consents again at send time.
 * Evaluated inside the audience query, where `u` is the user.
 */
const smsConsentSql = sql`(coalesce(mc.accepted, false) and coalesce(np.sms_opt_in, false))`;

/** The audience query; every criterion is a bound parameter. */
function audienceSql(
  c: TargetCriteria,
  channel: CampaignChannel,
  extra?: SQL,
  limit?: number,
): SQL {
  const consent = channel === 'sms' ? smsConsentSql : sql`coalesce(mc.accepted, false)`;
  // An SMS audience is the players with an SMS number (E.164) in their notification preferences.
  const reachable = channel === 'sms' ? sql`and np.phone is not null` : sql``;
  const phone = channel === 'sms' ? sql`np.phone` : sql`coalesce(p.telefone, '')`;
  return sql`
    with stats as (
      select u.id as user_id, u.email, ${phone} as phone,
        coalesce(nullif(p.nome_completo, ''), u.name) as nome,
        u.created_at,
        (select count(*) from participacoes x
          where x.user_id = u.id and x.status_pagamento = 'confirmado')::int as participacoes,
        (select coalesce(sum(x.valor_pago), 0) from participacoes x
          where x.user_id = u.id and x.status_pagamento = 'confirmado')::bigint as gasto,
        (select max(x.created_at) from participacoes x where x.user_id = u.id) as ultima,
        (select coalesce(sum(s.valor_premio_liquido), 0) from sorteios s
          where s.user_id_vencedor = u.id)::bigint as total_ganho,
        (select max(s.created_at) from sorteios s where s.user_id_vencedor = u.id) as ultima_vitoria,
        ${consent} as consent
      from "user" u
      join profiles p on p.id = u.id
      left join marketing_consent mc on mc.user_id = u.id
      left join notification_preferences np on np.user_id = u.id
      where coalesce(u.role, 'user') = 'user' and u.email_verified
        and p.status_conta = 'ativo' and p.deleted_at is null
        ${reachable}
        -- Responsible play: a self-excluded player gets no marketing while the exclusion lasts.
        and not exists (select 1 from responsible_play rp where rp.user_id = u.id
          and rp.self_excluded_at is not null
          and (rp.self_excluded_forever or rp.self_excluded_until > now()))
    )
    select user_id, email, phone, nome, participacoes, total_ganho, consent,
      floor(extract(epoch from (now() - coalesce(ultima, created_at))) / 86400)::int as dias_inativo,
      round(100 * (
        0.5 * exp(-extract(epoch from (now() - coalesce(ultima, created_at))) / 86400 / 30)
        + 0.3 * least(1, participacoes / 10.0)
        + 0.2 * least(1, gasto / 100000.0)
      ))::int as score
    from stats
    where coalesce(ultima, created_at) <= now() - make_interval(days => ${c.days_inactive})
      and participacoes >= ${c.min_participations}
      and (${c.last_win_days} = 0 or ultima_vitoria is null
        or ultima_vitoria < now() - make_interval(days => ${c.last_win_days}))
      and gasto between ${c.spending_range.min} and ${c.spending_range.max}
      ${extra ?? sql``}
    order by score desc, user_id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

function toMember(r: Record<string, unknown>): AudienceMember {
  return {
    userId: String(r.user_id),
    email: String(r.email),
    phone: typeof r.phone === 'string' ? r.phone : '',
    nome: String(r.nome),
    participacoes: Number(r.participacoes),
    totalGanho: Number(r.total_ganho),
    diasInativo: Number(r.dias_inativo),
    score: Number(r.score),
    consent: r.consent === true,
  };
}

export async function findAudience(
  db: DbOrTx,
  criteria: TargetCriteria,
  extra?: SQL,
  limit?: number,
  channel: CampaignChannel = 'email',
): Promise<AudienceMember[]> {
  const result = await db.execute(audienceSql(criteria, channel, extra, limit));
  return rowsOf(result).map(toMember);
}

export async function previewAudience(
  db: Db,
  criteria: TargetCriteria,
  channel: CampaignChannel = 'email',
) {
  const result = await db.execute(
    sql`select count(*)::int as matching, count(*) filter (where consent)::int as with_consent
        from (${audienceSql(criteria, channel)}) a`,
  );
  const row = rowsOf(result)[0] as { matching: number; with_consent: number };
  return { matching: Number(row.matching), withConsent: Number(row.with_consent) };
}

// ---------------------------------------------------------------- messages

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Fills {{nome}} / {nome} and the other spec variables. */
export function fillTemplate(template: string, member: AudienceMember): string {
  const values: Record<string, string> = {
    nome: member.nome.split(/\s+/)[0] ?? member.nome,
    total_ganho: formatBRL(member.totalGanho),
    participacoes: String(member.participacoes),
    dias_inativo: String(member.diasInativo),
  };
  return template.replace(
    /\{\{?\s*(nome|total_ganho|participacoes|dias_inativo)\s*\}?\}/g,
    (_m, k: string) => values[k] ?? '',
  );
}

/** The configured sender address with the campaign's display name (quotes refused on input). */
export function campaignFrom(configuredFrom: string, senderName: string): string {
  const address = /<([^>]+)>/.exec(configuredFrom)?.[1] ?? configuredFrom.trim();
  return `"${senderName}" <${address}>`;
}

export function renderCampaignMail(options: {
  config: Config;
  siteName: string;
  subject: string;
  template: string;
  member: AudienceMember;
  token: string;
  senderName?: string;
}) {
  const { config, member, token } = options;
  const base = config.baseUrl.replace(/\/+$/, '');
  const body = fillTemplate(options.template, member);
  const click = `${base}/api/r/c/${token}`;
  const unsubscribe = `${base}/api/r/u/${token}`;
  const pixel = `${base}/api/r/o/${token}.gif`;
  const subject = fillTemplate(options.subject, member);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1a2b23">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:28px">
<tr><td style="font-size:14px;font-weight:bold;color:#047857;padding-bottom:12px">${escapeHtml(options.siteName)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:12px">${escapeHtml(p).replace(/\n/g, '<br>')}</td></tr>`).join('\n')}
<tr><td style="padding:12px 0 20px"><a href="${escapeHtml(click)}" style="display:inline-block;background:#047857;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Ver salas abertas</a></td></tr>
<tr><td style="font-size:12px;color:#4b5d54">Você recebe este e-mail porque aceitou receber novidades. <a href="${escapeHtml(unsubscribe)}" style="color:#047857">Cancelar inscrição</a></td></tr>
</table></td></tr></table><img src="${escapeHtml(pixel)}" width="1" height="1" alt=""></body></html>`;
  const text = [
    ...paragraphs,
    '',
    `Ver salas abertas: ${click}`,
    '',
    `Cancelar inscrição: ${unsubscribe}`,
  ].join('\n');
  return {
    to: member.email,
    subject,
    html,
    text,
    ...(options.senderName ? { from: campaignFrom(config.mail.from, options.senderName) } : {}),
  };
}

// ---------------------------------------------------------------- counts and mapping

type CampaignRow = typeof remarketingCampaigns.$inferSelect;

interface Counts {
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
const zeroCounts: Counts = {
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
const messagesSql = sql`
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

const aggregates = sql`
    count(*)::int as queued,
    count(*) filter (where went_out)::int as sent,
    count(*) filter (where status = 'delivered')::int as delivered,
    count(*) filter (where status = 'failed')::int as failed,
    count(opened_at)::int as opened,
    count(clicked_at)::int as clicked,
    count(*) filter (where converted)::int as conversions,
    coalesce(sum(cost_centavos), 0)::bigint as cost,
    coalesce(avg(ai_score) filter (where went_out), 0)::float as score`;

function toCounts(r: Record<string, unknown>): Counts {
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

async function countsByCampaign(db: DbOrTx, campaignId?: string) {
  const result = await db.execute(
    sql`select campaign_id, ${aggregates} from (${messagesSql}) m
        ${campaignId ? sql`where campaign_id = ${campaignId}` : sql``}
        group by campaign_id`,
  );
  return new Map(rowsOf(result).map((r) => [String(r.campaign_id), toCounts(r)]));
}

function toCampaign(row: CampaignRow, counts: Counts | undefined, now: Date): Campaign {
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

export async function listCampaigns(
  db: Db,
  query: CampaignListQuery = {},
  now = new Date(),
): Promise<Campaign[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(remarketingCampaigns).orderBy(desc(remarketingCampaigns.createdAt)),
    countsByCampaign(db),
  ]);
  // The status is computed from the dates, so the filter runs on the computed list (campaigns
  // are few: tens, not thousands).
  return rows
    .map((r) => toCampaign(r, counts.get(r.id), now))
    .filter(
      (c) =>
        (!query.status || c.status === query.status) &&
        (!query.channel || c.channel === query.channel),
    );
}

export async function campaignStats(db: Db, now = new Date()): Promise<CampaignStats> {
  const [rows, counts, reachResult] = await Promise.all([
    db
      .select({
        status: remarketingCampaigns.status,
        endsAt: remarketingCampaigns.endsAt,
        budget: remarketingCampaigns.budgetCentavos,
      })
      .from(remarketingCampaigns),
    countsByCampaign(db),
    db.execute(
      sql`select count(distinct user_id) filter (where went_out)::int as reach,
            count(distinct user_id) filter (where converted)::int as converted
          from (${messagesSql}) m`,
    ),
  ]);
  const all = [...counts.values()];
  const sum = (f: (c: Counts) => number) => all.reduce((a, c) => a + f(c), 0);
  const sent = sum((c) => c.sent);
  const reach = rowsOf(reachResult)[0] as { reach: number; converted: number };
  return {
    campaigns: rows.length,
    active: rows.filter((r) => effectiveStatus(r.status, r.endsAt, now) === 'active').length,
    sent,
    opened: sum((c) => c.opened),
    clicked: sum((c) => c.clicked),
    conversions: sum((c) => c.conversions),
    reach: Number(reach.reach),
    conversionRate:
      Number(reach.reach) === 0
        ? 0
        : Math.round((Number(reach.converted) / Number(reach.reach)) * 1000) / 10,
    investmentCentavos: sum((c) => c.cost),
    budgetCentavos: rows.reduce((a, r) => a + r.budget, 0),
    averagePropensity: sent === 0 ? 0 : Math.round((sum((c) => c.score * c.sent) / sent) * 10) / 10,
  };
}

async function getRow(db: DbOrTx, id: string, lock = false): Promise<CampaignRow> {
  const q = db.select().from(remarketingCampaigns).where(eq(remarketingCampaigns.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Campanha não encontrada.');
  return row;
}

export async function getCampaign(db: Db, id: string, now = new Date()): Promise<Campaign> {
  const row = await getRow(db, id);
  return toCampaign(row, (await countsByCampaign(db, id)).get(id), now);
}

const invalid = (message: string) => new AppError('VALIDATION_ERROR', { message });

export async function createCampaign(
  db: Db,
  actor: AuditActor,
  raw: CreateCampaignInput,
  now = new Date(),
): Promise<Campaign> {
  const parsed = createCampaignInputSchema.safeParse(raw);
  if (!parsed.success)
    throw invalid(parsed.error.issues[0]?.message ?? integrationMessages.campaignRequired);
  const input = parsed.data;
  const { startsAt, endsAt } = campaignPeriod(input.start_date, input.end_date);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(remarketingCampaigns)
      .values({
        campaignName: input.campaign_name,
        campaignType: input.campaign_type,
        emailSubject: input.email_subject || DEFAULT_SUBJECT,
        emailTemplate: input.email_template ?? '',
        smsText: input.sms_text ?? '',
        targetCriteria: input.target_criteria,
        budgetCentavos: input.budget_centavos,
        startsAt,
        endsAt,
        createdBy: actor.id,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'campaign.create',
      targetType: 'campaign',
      targetId: created!.id,
      after: {
        campaign_name: input.campaign_name,
        campaign_type: input.campaign_type,
        budget_centavos: input.budget_centavos,
        start_date: input.start_date,
        end_date: input.end_date,
        target_criteria: input.target_criteria,
      },
    });
    return created!;
  });
  return toCampaign(row, undefined, now);
}

/** The editable fields of a row, in the API's shape (for the merge and the audit diff). */
function editableOf(row: CampaignRow) {
  return {
    campaign_name: row.campaignName,
    email_subject: row.emailSubject,
    email_template: row.emailTemplate,
    sms_text: row.smsText,
    target_criteria: row.targetCriteria as TargetCriteria,
    budget_centavos: row.budgetCentavos,
    start_date: brasiliaDay(row.startsAt),
    end_date: brasiliaDay(new Date(row.endsAt.getTime() - 1)),
  };
}

/** 'Editar': changes any field but the type; the merged campaign passes the create rules. */
export async function updateCampaign(
  db: Db,
  actor: AuditActor,
  id: string,
  raw: UpdateCampaignInput,
  now = new Date(),
): Promise<Campaign> {
  const parsed = updateCampaignInputSchema.safeParse(raw);
  if (!parsed.success)
    throw invalid(parsed.error.issues[0]?.message ?? integrationMessages.campaignRequired);
  const input = parsed.data;
  const row = await db.transaction(async (tx) => {
    const current = await getRow(tx, id, true);
    const before = editableOf(current);
    const merged = { ...before };
    for (const [k, v] of Object.entries(input))
      if (v !== undefined) Object.assign(merged, { [k]: v });
    if (input.email_subject === '') merged.email_subject = DEFAULT_SUBJECT;
    const issue = campaignIssues({
      ...merged,
      campaign_type: current.campaignType,
    })[0];
    if (issue) throw invalid(issue.message);
    const changed = (Object.keys(merged) as (keyof typeof merged)[]).filter(
      (k) => JSON.stringify(merged[k]) !== JSON.stringify(before[k]),
    );
    if (changed.length === 0) return current;
    const { startsAt, endsAt } = campaignPeriod(merged.start_date, merged.end_date);
    const [updated] = await tx
      .update(remarketingCampaigns)
      .set({
        campaignName: merged.campaign_name,
        emailSubject: merged.email_subject,
        emailTemplate: merged.email_template,
        smsText: merged.sms_text,
        targetCriteria: merged.target_criteria,
        budgetCentavos: merged.budget_centavos,
        startsAt,
        endsAt,
        updatedAt: now,
      })
      .where(eq(remarketingCampaigns.id, id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'campaign.update',
      targetType: 'campaign',
      targetId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, merged[k]])),
    });
    return updated!;
  });
  return toCampaign(row, (await countsByCampaign(db, id)).get(id), now);
}

/**
 * Spec 001 section 4: the toggle switches active to paused and paused to active. A campaign
 * whose end date has passed is Concluída and stays so until its end date is edited.
 */
export async function toggleCampaign(
  db: Db,
  actor: AuditActor,
  id: string,
  now = new Date(),
): Promise<Campaign> {
  const row = await getRow(db, id);
  if (effectiveStatus(row.status, row.endsAt, now) === 'completed')
    throw new AppError('CONFLICT', {
      message: 'Campanha concluída: altere a data de término para reativá-la.',
    });
  const next = row.status === 'active' ? 'paused' : 'active';
  await db.transaction(async (tx) => {
    await tx
      .update(remarketingCampaigns)
      .set({ status: next, updatedAt: now })
      .where(eq(remarketingCampaigns.id, id));
    await writeAudit(tx, actor, {
      action: 'campaign.status',
      targetType: 'campaign',
      targetId: id,
      before: { status: row.status },
      after: { status: next },
    });
  });
  const counts = await countsByCampaign(db, id);
  return toCampaign({ ...row, status: next }, counts.get(id), now);
}

/** A preview of the mail for one real matching player (or any player when none matches). */
export async function previewCampaign(
  db: Db,
  config: Config,
  input: {
    email_subject?: string | undefined;
    email_template: string;
    target_criteria: TargetCriteria;
  },
) {
  const anyone: TargetCriteria = {
    days_inactive: 0,
    min_participations: 0,
    last_win_days: 0,
    spending_range: { min: 0, max: Number.MAX_SAFE_INTEGER },
  };
  let [member] = await findAudience(db, input.target_criteria, undefined, 1);
  member ??= (await findAudience(db, anyone, undefined, 1))[0];
  const siteName = await getSetting(db, 'general.siteName');
  const sample: AudienceMember = member ?? {
    userId: '',
    email: 'jogador@exemplo.com.br',
    phone: '',
    nome: 'Jogador',
    participacoes: 0,
    totalGanho: 0,
    diasInativo: 0,
    score: 0,
    consent: false,
  };
  const mail = renderCampaignMail({
    config,
    siteName,
    subject: input.email_subject || DEFAULT_SUBJECT,
    template: input.email_template,
    member: sample,
    token: 'previa',
  });
  return { subject: mail.subject, html: mail.html, player: member ? member.nome : null };
}

// ---------------------------------------------------------------- channel defaults

export async function getChannelSettings(db: Db): Promise<CampaignChannelSettings> {
  // Stored whole; a value saved by an older version is completed with today's defaults.
  const stored = await getSetting(db, 'campaigns.channelDefaults');
  const parsed = campaignChannelSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const merged = campaignChannelSettingsSchema.safeParse({
    ...defaultCampaignChannelSettings,
    ...(typeof stored === 'object' && stored !== null ? stored : {}),
  });
  return merged.success ? merged.data : defaultCampaignChannelSettings;
}

export async function updateChannelSettings(
  db: Db,
  actor: AuditActor,
  raw: CampaignChannelSettings,
): Promise<CampaignChannelSettings> {
  const parsed = campaignChannelSettingsSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  const next = parsed.data;
  const before = await getChannelSettings(db);
  const changed = (Object.keys(next) as (keyof CampaignChannelSettings)[]).filter(
    (k) => next[k] !== before[k],
  );
  if (changed.length === 0) return before;
  await db.transaction(async (tx) => {
    await setSetting(tx, 'campaigns.channelDefaults', next, actor.id);
    await writeAudit(tx, actor, {
      action: 'campaign.settings',
      targetType: 'settings',
      targetId: 'campaigns.channelDefaults',
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, next[k]])),
    });
  });
  invalidateSettings(db);
  return next;
}

// ---------------------------------------------------------------- running

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

// ---------------------------------------------------------------- report

/** Brasília calendar day of a timestamp column, in SQL (fixed UTC-3, as brasiliaDay). */
const daySql = sql`to_char((at at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;

/**
 * The campaign's report: one row per Brasília day of sending and a total. A metric the channel
 * cannot measure is null: e-mail delivery and bounces are not tracked (the mail queue only knows
 * the message was handed to the transport); SMS has no opens or clicks.
 */
export async function campaignReport(
  db: Db,
  id: string,
  now = new Date(),
): Promise<CampaignReport> {
  const campaign = await getCampaign(db, id, now);
  const result = await db.execute(
    sql`select ${daySql} as day, ${aggregates} from (${messagesSql}) m
        where campaign_id = ${id} group by 1 order by 1`,
  );
  const email = campaign.channel === 'email';
  const toRow = (day: string | null, c: Counts): CampaignReportRow => ({
    day,
    queued: c.queued,
    sent: c.sent,
    delivered: email ? null : c.delivered,
    failed: email ? null : c.failed,
    opened: email ? c.opened : null,
    clicked: email ? c.clicked : null,
    conversions: c.conversions,
    cost_centavos: c.cost,
  });
  const days = rowsOf(result).map((r) => toRow(String(r.day), toCounts(r)));
  const total = days.reduce<CampaignReportRow>(
    (a, d) => ({
      day: null,
      queued: a.queued + d.queued,
      sent: a.sent + d.sent,
      delivered:
        a.delivered === null || d.delivered === null ? a.delivered : a.delivered + d.delivered,
      failed: a.failed === null || d.failed === null ? a.failed : a.failed + d.failed,
      opened: a.opened === null || d.opened === null ? a.opened : a.opened + d.opened,
      clicked: a.clicked === null || d.clicked === null ? a.clicked : a.clicked + d.clicked,
      conversions: a.conversions + d.conversions,
      cost_centavos: a.cost_centavos + d.cost_centavos,
    }),
    toRow(null, zeroCounts),
  );
  return { campaign, conversion_window_days: CONVERSION_WINDOW_DAYS, days, total };
}

export const campaignReportColumns = [
  'Campanha',
  'Canal',
  'Status',
  'Dia do envio',
  'Na fila',
  'Enviadas',
  'Entregues',
  'Falhas',
  'Aberturas',
  'Cliques',
  `Conversões (${CONVERSION_WINDOW_DAYS} dias)`,
  'Taxa de conversão (%)',
  'Custo (R$)',
  'Orçamento (R$)',
];

/** The report as CSV for Excel pt-BR (lib/csv): one line per day and a 'Total' line. */
export function campaignReportCsv(report: CampaignReport): string {
  const c = report.campaign;
  const opt = (n: number | null) => (n === null ? notAvailableLabel : String(n));
  const line = (r: CampaignReportRow) => [
    textCell(c.campaign_name),
    campaignChannelLabels[c.channel],
    campaignStatusLabels[c.status],
    r.day ? r.day.split('-').reverse().join('/') : 'Total',
    String(r.queued),
    String(r.sent),
    opt(r.delivered),
    opt(r.failed),
    opt(r.opened),
    opt(r.clicked),
    String(r.conversions),
    numberCell(r.sent === 0 ? 0 : (r.conversions / r.sent) * 100, 1),
    moneyCell(r.cost_centavos),
    r.day ? '' : moneyCell(c.budget_centavos),
  ];
  return toCsv(campaignReportColumns, [...report.days.map(line), line(report.total)]);
}

// ---------------------------------------------------------------- tracking and consent

export async function trackOpen(db: Db, token: string): Promise<void> {
  await db
    .update(remarketingLogs)
    .set({ emailOpenedAt: sql`coalesce(${remarketingLogs.emailOpenedAt}, now())` })
    .where(eq(remarketingLogs.token, token));
}

/** A click also counts as an open (images are often blocked). */
export async function trackClick(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(remarketingLogs)
    .set({
      emailClickedAt: sql`coalesce(${remarketingLogs.emailClickedAt}, now())`,
      emailOpenedAt: sql`coalesce(${remarketingLogs.emailOpenedAt}, now())`,
    })
    .where(eq(remarketingLogs.token, token))
    .returning({ id: remarketingLogs.id });
  return rows.length > 0;
}

export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const [log] = await db
    .select({ userId: remarketingLogs.userId })
    .from(remarketingLogs)
    .where(eq(remarketingLogs.token, token));
  if (!log) return false;
  await setMarketingConsent(db, log.userId, false);
  return true;
}

export async function getMarketingConsent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ accepted: marketingConsent.accepted })
    .from(marketingConsent)
    .where(eq(marketingConsent.userId, userId));
  return row?.accepted ?? false;
}

export async function setMarketingConsent(db: Db, userId: string, accepted: boolean) {
  await db
    .insert(marketingConsent)
    .values({ userId, accepted })
    .onConflictDoUpdate({
      target: marketingConsent.userId,
      set: { accepted, updatedAt: new Date() },
    });
}
