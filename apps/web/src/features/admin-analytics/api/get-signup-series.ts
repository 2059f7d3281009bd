import { useQuery } from '@tanstack/react-query';
import { signupSeriesSchema } from '@sorteio/shared';
import { type AnalyticsDays, chartQueryOptions } from './analytics-query';

/** GET /api/admin/analytics/signups: new accounts and approved identity verifications per Brasília day. */
export const signupSeriesQueryOptions = (days: AnalyticsDays) =>
  chartQueryOptions('signups', signupSeriesSchema, days);

export const useSignupSeries = (days: AnalyticsDays) => useQuery(signupSeriesQueryOptions(days));
