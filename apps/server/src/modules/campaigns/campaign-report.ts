/** The campaign's report per Brasília day of sending, and its CSV. */
import {
  type CampaignReport,
  type CampaignReportRow,
  campaignChannelLabels,
  campaignStatusLabels,
  notAvailableLabel,
} from '@sorteio/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import { moneyCell, numberCell, textCell, toCsv } from '../../lib/csv';
import { CONVERSION_WINDOW_DAYS, brasiliaDay, rowsOf } from './campaign-dates';
import { getCampaign } from './campaign-list';
import { type Counts, aggregates, messagesSql, toCounts, zeroCounts } from './campaign-rows';

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

/** 'Exportar': the report as a CSV file to download; the export is audited. */
export async function exportCampaignReportCsv(
  db: Db,
  actor: AuditActor,
  id: string,
): Promise<{ filename: string; csv: string }> {
  const report = await campaignReport(db, id);
  await writeAudit(db, actor, {
    action: 'campaign.export',
    targetType: 'campaign',
    targetId: id,
  });
  return {
    filename: `campanha-${id.slice(0, 8)}-${brasiliaDay(new Date())}.csv`,
    csv: campaignReportCsv(report),
  };
}
