import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@sorteio/shared/rooms';
import { api } from '@/lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

/** Dashboard stats and recent draws refresh every 30 s (spec 000 sections 7 and 9). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** GET /api/dashboard: every figure computed by the server, confirmed payments only. */
export function getDashboard(options: { signal?: AbortSignal } = {}): Promise<Dashboard> {
  return api('/api/dashboard', { schema: dashboardSchema, ...options });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => getDashboard({ signal }),
    staleTime: DASHBOARD_REFRESH_MS,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
