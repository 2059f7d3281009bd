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
 * Tracking is counted for real: delivery (queued to the mail queue), open (a 1x1 pixel), click
 * (a redirect to the site) and conversion (a confirmed entry within 7 days after a click).
 */
import { randomBytes } from 'node:crypto';
import {
  type Campaign,
  type CampaignStatus,
  type CreateCampaignInput,
  type TargetCriteria,
  createCampaignInputSchema,
  formatBRL,
  integrationMessages,
} from '@sorteio/shared';
import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { marketingConsent, remarketingCampaigns, remarketingLogs } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { AuditActor } from '../admin/audit.service';
import { writeAudit } from '../admin/audit.service';
import type { Mailer } from '../mail/mail.service';
import { getSetting } from '../settings/settings.service';

/** Days after a click in which a confirmed entry counts as the campaign's conversion. */
export const CONVERSION_WINDOW_DAYS = 7;
const DEFAULT_SUBJECT = 'Sentimos sua falta no Sorteio Certo!';

/** PGlite answers { rows }, node-postgres through Drizzle the same; be tolerant of both shapes. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
}

export interface AudienceMember {
  userId: string;
  email: string;
  nome: string;
  participacoes: number;
  totalGanho: number;
  diasInativo: number;
  score: number;
  consent: boolean;
}

/** The audience query; every criterion is a bound parameter. */
function audienceSql(c: TargetCriteria, extra?: SQL, limit?: number): SQL {
  return sql`
    with stats as (
      select u.id as user_id, u.email, coalesce(nullif(p.nome_completo, ''), u.name) as nome,
        u.created_at,
        (select count(*) from participacoes x
          where x.user_id = u.id and x.status_pagamento = 'confirmado')::int as participacoes,
        (select coalesce(sum(x.valor_pago), 0) from participacoes x
          where x.user_id = u.id and x.status_pagamento = 'confirmado')::bigint as gasto,
        (select max(x.created_at) from participacoes x where x.user_id = u.id) as ultima,
        (select coalesce(sum(s.valor_premio_liquido), 0) from sorteios s
          where s.user_id_vencedor = u.id)::bigint as total_ganho,
        (select max(s.created_at) from sorteios s where s.user_id_vencedor = u.id) as ultima_vitoria,
        coalesce(mc.accepted, false) as consent
      from "user" u
      join profiles p on p.id = u.id
      left join marketing_consent mc on mc.user_id = u.id
      where coalesce(u.role, 'user') = 'user' and u.email_verified
        and p.status_conta = 'ativo'
        -- Responsible play: a self-excluded player gets no marketing while the exclusion lasts.
        and not exists (select 1 from responsible_play rp where rp.user_id = u.id
          and rp.self_excluded_at is not null
          and (rp.self_excluded_forever or rp.self_excluded_until > now()))
    )
    select user_id, email, nome, participacoes, total_ganho, consent,
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
    nome: String(r.nome),
    participacoes: Number(r.participacoes),
    totalGanho: Number(r.total_ganho),
    diasInativo: Number(r.dias_inativo),
    score: Number(r.score),
    consent: r.consent === true,
  };
}

export async function findAudience(
  db: Db,
  criteria: TargetCriteria,
  extra?: SQL,
  limit?: number,
): Promise<AudienceMember[]> {
  const result = await db.execute(audienceSql(criteria, extra, limit));
  return rowsOf(result).map(toMember);
}

export async function previewAudience(db: Db, criteria: TargetCriteria) {
  const result = await db.execute(
    sql`select count(*)::int as matching, count(*) filter (where consent)::int as with_consent
        from (${audienceSql(criteria)}) a`,
  );
  const row = rowsOf(result)[0] as { matching: number; with_consent: number };
  return { matching: Number(row.matching), withConsent: Number(row.with_consent) };
}

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

export function renderCampaignMail(options: {
  config: Config;
  siteName: string;
  subject: string;
  template: string;
  member: AudienceMember;
  token: string;
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
  return { to: member.email, subject, html, text };
}

type CampaignRow = typeof remarketingCampaigns.$inferSelect;

const countsSql = sql`
  select l.campaign_id,
    count(*)::int as sent,
    count(l.email_opened_at)::int as opened,
    count(l.email_clicked_at)::int as clicked,
    count(*) filter (where exists (
      select 1 from participacoes p
      where p.user_id = l.user_id and p.status_pagamento = 'confirmado'
        and p.created_at >= l.email_clicked_at
        and p.created_at <= l.email_clicked_at + make_interval(days => ${CONVERSION_WINDOW_DAYS})
    ))::int as conversions,
    coalesce(avg(l.ai_score), 0)::float as score
  from remarketing_logs l group by l.campaign_id`;

async function countsByCampaign(db: Db) {
  const result = await db.execute(countsSql);
  return new Map(
    rowsOf(result).map((r) => [
      String(r.campaign_id),
      {
        sent: Number(r.sent),
        opened: Number(r.opened),
        clicked: Number(r.clicked),
        conversions: Number(r.conversions),
        score: Number(r.score),
      },
    ]),
  );
}

function toCampaign(
  row: CampaignRow,
  counts: { sent: number; opened: number; clicked: number; conversions: number } | undefined,
): Campaign {
  const c = counts ?? { sent: 0, opened: 0, clicked: 0, conversions: 0 };
  return {
    id: row.id,
    campaign_name: row.campaignName,
    status: (['active', 'paused'].includes(row.status)
      ? row.status
      : 'completed') as CampaignStatus,
    email_subject: row.emailSubject,
    email_template: row.emailTemplate,
    target_criteria: row.targetCriteria as TargetCriteria,
    sent_count: c.sent,
    opened_count: c.opened,
    clicked_count: c.clicked,
    conversion_count: c.conversions,
    success_rate: c.sent === 0 ? 0 : Math.round((c.opened / c.sent) * 1000) / 10,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(remarketingCampaigns).orderBy(desc(remarketingCampaigns.createdAt)),
    countsByCampaign(db),
  ]);
  return rows.map((r) => toCampaign(r, counts.get(r.id)));
}

export async function campaignStats(db: Db) {
  const [rows, counts] = await Promise.all([
    db.select({ status: remarketingCampaigns.status }).from(remarketingCampaigns),
    countsByCampaign(db),
  ]);
  const all = [...counts.values()];
  const sent = all.reduce((a, c) => a + c.sent, 0);
  return {
    campaigns: rows.length,
    active: rows.filter((r) => r.status === 'active').length,
    sent,
    opened: all.reduce((a, c) => a + c.opened, 0),
    clicked: all.reduce((a, c) => a + c.clicked, 0),
    conversions: all.reduce((a, c) => a + c.conversions, 0),
    averagePropensity:
      sent === 0 ? 0 : Math.round((all.reduce((a, c) => a + c.score * c.sent, 0) / sent) * 10) / 10,
  };
}

async function getRow(db: Db, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(remarketingCampaigns).where(eq(remarketingCampaigns.id, id));
  if (!row) throw notFound('Campanha não encontrada.');
  return row;
}

export async function createCampaign(
  db: Db,
  actor: AuditActor,
  raw: CreateCampaignInput,
): Promise<Campaign> {
  const input = createCampaignInputSchema.parse(raw);
  if (input.target_criteria.spending_range.min > input.target_criteria.spending_range.max)
    throw new AppError('VALIDATION_ERROR', {
      message: 'O gasto mínimo não pode ser maior que o máximo.',
    });
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(remarketingCampaigns)
      .values({
        campaignName: input.campaign_name,
        emailSubject: input.email_subject || DEFAULT_SUBJECT,
        emailTemplate: input.email_template,
        targetCriteria: input.target_criteria,
        createdBy: actor.id,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'campaign.create',
      targetType: 'campaign',
      targetId: created!.id,
      after: { campaign_name: input.campaign_name, target_criteria: input.target_criteria },
    });
    return created!;
  });
  return toCampaign(row, undefined);
}

/** Spec 001 section 4: the toggle switches active to paused and any other status to active. */
export async function toggleCampaign(db: Db, actor: AuditActor, id: string): Promise<Campaign> {
  const row = await getRow(db, id);
  const next = row.status === 'active' ? 'paused' : 'active';
  await db.transaction(async (tx) => {
    await tx
      .update(remarketingCampaigns)
      .set({ status: next })
      .where(eq(remarketingCampaigns.id, id));
    await writeAudit(tx, actor, {
      action: 'campaign.status',
      targetType: 'campaign',
      targetId: id,
      before: { status: row.status },
      after: { status: next },
    });
  });
  const counts = await countsByCampaign(db);
  return toCampaign({ ...row, status: next }, counts.get(id));
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

/**
 * 'Executar': queues the campaign mail to every matching player who accepted marketing e-mails
 * and has not received this campaign yet. Only an active campaign runs.
 */
export async function runCampaign(options: {
  db: Db;
  config: Config;
  mailer: Mailer;
  actor: AuditActor;
  id: string;
}): Promise<{ queued: number }> {
  const { db, config, mailer, actor } = options;
  const row = await getRow(db, options.id);
  if (row.status !== 'active')
    throw new AppError('CONFLICT', { message: integrationMessages.campaignNotActive });
  const audience = await findAudience(
    db,
    row.targetCriteria as TargetCriteria,
    sql`and consent and not exists (select 1 from remarketing_logs l
        where l.campaign_id = ${row.id} and l.user_id = stats.user_id)`,
  );
  const siteName = await getSetting(db, 'general.siteName');
  const logs = audience.map((m) => ({
    campaignId: row.id,
    userId: m.userId,
    aiScore: m.score,
    token: randomBytes(18).toString('base64url'),
  }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < logs.length; i += 500)
      await tx
        .insert(remarketingLogs)
        .values(logs.slice(i, i + 500))
        .onConflictDoNothing();
    await writeAudit(tx, actor, {
      action: 'campaign.run',
      targetType: 'campaign',
      targetId: row.id,
      after: { queued: logs.length },
    });
  });
  for (const [i, m] of audience.entries())
    await mailer.send(
      renderCampaignMail({
        config,
        siteName,
        subject: row.emailSubject,
        template: row.emailTemplate,
        member: m,
        token: logs[i]!.token,
      }),
    );
  return { queued: logs.length };
}

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
