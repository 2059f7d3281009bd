import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { ACTIVITY_REFRESH_MS, adminDashboardKeys } from './admin-dashboard-keys';

/** GET /api/admin/activity: the five most recent events. */
export function activityQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.activity(),
    queryFn: ({ signal }) => api('/api/admin/activity', { schema: activityListSchema, signal }),
    staleTime: ACTIVITY_REFRESH_MS,
    refetchInterval: ACTIVITY_REFRESH_MS,
    retry: 1,
  });
}
export function useRecentActivity() {
  return useQuery(activityQueryOptions());
}
