import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  activityListSchema,
  adminAccessSchema,
  adminDashboardSchema,
  realtimeMetricsSchema,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  metrics: () => [...adminDashboardKeys.all, 'metrics'] as const,
  activity: () => [...adminDashboardKeys.all, 'activity'] as const,
  realtime: () => [...adminDashboardKeys.all, 'realtime'] as const,
  access: () => [...adminDashboardKeys.all, 'access'] as const,
};

/** Spec 001 section 9: the refresh intervals of the administrator dashboard. */
export const METRICS_REFRESH_MS = 30_000;
export const ACTIVITY_REFRESH_MS = 60_000;
export const REALTIME_REFRESH_MS = 15_000;

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

/** GET /api/admin/access: the admin access debug card. */
export function useAdminAccess() {
  return useQuery({
    queryKey: adminDashboardKeys.access(),
    queryFn: ({ signal }) => api('/api/admin/access', { schema: adminAccessSchema, signal }),
    retry: false,
  });
}
