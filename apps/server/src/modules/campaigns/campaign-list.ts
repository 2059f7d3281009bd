/** The campaigns list, the numbers of the remarketing tab, and one campaign. */
import type { Campaign, CampaignListQuery, CampaignStats } from '@sorteio/shared';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { remarketingCampaigns } from '../../db/schema';
import { effectiveStatus, rowsOf } from './campaign-dates';
import { type Counts, countsByCampaign, getRow, messagesSql, toCampaign } from './campaign-rows';

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

export async function getCampaign(db: Db, id: string, now = new Date()): Promise<Campaign> {
  const row = await getRow(db, id);
  return toCampaign(row, (await countsByCampaign(db, id)).get(id), now);
}
