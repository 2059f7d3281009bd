import { useQuery } from '@tanstack/react-query';
import { revenueSeriesSchema } from '@sorteio/shared';
import { type AnalyticsDays, chartQueryOptions } from './analytics-query';

/** GET /api/admin/analytics/revenue: entries into room pools and platform fees per Brasília day, in centavos. */
export const revenueSeriesQueryOptions = (days: AnalyticsDays) =>
  chartQueryOptions('revenue', revenueSeriesSchema, days);

export const useRevenueSeries = (days: AnalyticsDays) => useQuery(revenueSeriesQueryOptions(days));
