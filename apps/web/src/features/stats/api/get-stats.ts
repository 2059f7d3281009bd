import { queryOptions, useQuery } from '@tanstack/react-query';
import { statsSchema, type Stats } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const statsKeys = {
  all: ['stats'] as const,
  mine: () => [...statsKeys.all, 'mine'] as const,
};

/** "Real-time data" (spec 000 section 2): asked again every 30 s like the dashboard. */
export const STATS_REFRESH_MS = 30_000;

/** GET /api/stats: the caller's figures with series for the charts. */
export function getStats(options: { signal?: AbortSignal } = {}): Promise<Stats> {
  return api('/api/stats', { schema: statsSchema, ...options });
}

export function statsQueryOptions() {
  return queryOptions({
    queryKey: statsKeys.mine(),
    queryFn: ({ signal }) => getStats({ signal }),
    staleTime: STATS_REFRESH_MS,
    refetchInterval: STATS_REFRESH_MS,
  });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
