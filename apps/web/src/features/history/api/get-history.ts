import { queryOptions, useQuery } from '@tanstack/react-query';
import { historySchema, type History } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const historyKeys = {
  all: ['history'] as const,
  list: () => [...historyKeys.all, 'list'] as const,
};

/** GET /api/history: the caller's participations, newest first, with totals. */
export function getHistory(options: { signal?: AbortSignal } = {}): Promise<History> {
  return api('/api/history', { schema: historySchema, ...options });
}

export function historyQueryOptions() {
  return queryOptions({
    queryKey: historyKeys.list(),
    queryFn: ({ signal }) => getHistory({ signal }),
  });
}

export function useHistory() {
  return useQuery(historyQueryOptions());
}
