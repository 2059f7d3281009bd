import { queryOptions, useQuery } from '@tanstack/react-query';
import { realtimeMetricsSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { REALTIME_REFRESH_MS, adminDashboardKeys } from './admin-dashboard-keys';

/** GET /api/admin/realtime: open rooms and today's takings. */
export function realtimeQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.realtime(),
    queryFn: ({ signal }) => api('/api/admin/realtime', { schema: realtimeMetricsSchema, signal }),
    staleTime: REALTIME_REFRESH_MS,
    refetchInterval: REALTIME_REFRESH_MS,
  });
}
export function useRealtimeMetrics() {
  return useQuery(realtimeQueryOptions());
}
