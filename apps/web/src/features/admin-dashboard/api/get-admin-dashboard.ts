import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminDashboardKeys, METRICS_REFRESH_MS } from './admin-dashboard-keys';

/** GET /api/admin/dashboard: the metric cards, alerts and performance. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.metrics(),
    queryFn: ({ signal }) => api('/api/admin/dashboard', { schema: adminDashboardSchema, signal }),
    staleTime: METRICS_REFRESH_MS,
    refetchInterval: METRICS_REFRESH_MS,
    // Retries: the application default, 2 (spec 001 section 9).
  });
}
export function useAdminDashboard() {
  return useQuery(dashboardQueryOptions());
}
