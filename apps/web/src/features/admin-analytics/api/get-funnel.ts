import { useQuery } from '@tanstack/react-query';
import { funnelSchema } from '@sorteio/shared';
import { type AnalyticsDays, chartQueryOptions } from './analytics-query';

/** GET /api/admin/analytics/funnel: of the people who signed up in the period, how far each got. */
export const funnelQueryOptions = (days: AnalyticsDays) =>
  chartQueryOptions('funnel', funnelSchema, days);

export const useFunnel = (days: AnalyticsDays) => useQuery(funnelQueryOptions(days));
