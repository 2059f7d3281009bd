import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatsSchema, type PlatformStats } from '@sorteio/shared/system';
import { api } from '@/lib/api-client';

export const landingKeys = {
  all: ['landing'] as const,
  stats: () => [...landingKeys.all, 'stats'] as const,
  rooms: () => [...landingKeys.all, 'rooms'] as const,
};

/** GET /api/public/stats: real figures instead of the original's invented claim (DESIGN.md 8). */
export function getPlatformStats(options: { signal?: AbortSignal } = {}): Promise<PlatformStats> {
  return api('/api/public/stats', { schema: platformStatsSchema, ...options });
}

export function platformStatsQueryOptions() {
  return queryOptions({
    queryKey: landingKeys.stats(),
    queryFn: ({ signal }) => getPlatformStats({ signal }),
  });
}

export function usePlatformStats() {
  return useQuery(platformStatsQueryOptions());
}
