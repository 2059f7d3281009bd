import { queryOptions } from '@tanstack/react-query';
import type { analyticsPeriods } from '@sorteio/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** 7, 30 or 90 days (analyticsQuerySchema refuses anything else). */
export type AnalyticsDays = (typeof analyticsPeriods)[number];
export const DEFAULT_ANALYTICS_DAYS: AnalyticsDays = 30;

export type AnalyticsChart = 'revenue' | 'signups' | 'room-types' | 'funnel';

export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  chart: (chart: AnalyticsChart, days: AnalyticsDays) =>
    [...analyticsKeys.all, chart, days] as const,
};

/** The figures of a day do not move fast: a period seen a minute ago is not fetched again. */
const ANALYTICS_STALE_MS = 60_000;

/** GET /api/admin/analytics/<chart>?days=: one request per chart, computed by the server. */
export function chartQueryOptions<S extends z.ZodType>(
  chart: AnalyticsChart,
  schema: S,
  days: AnalyticsDays,
) {
  return queryOptions({
    queryKey: analyticsKeys.chart(chart, days),
    queryFn: ({ signal }) => api(`/api/admin/analytics/${chart}?days=${days}`, { schema, signal }),
    staleTime: ANALYTICS_STALE_MS,
  });
}
