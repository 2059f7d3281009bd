import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { historySchema, type History } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const historyKeys = {
  all: ['history'] as const,
  list: () => [...historyKeys.all, 'list'] as const,
};

/** GET /api/history: a page of the caller's participations, newest first, with the totals. */
export function getHistory(
  options: { signal?: AbortSignal; offset?: number } = {},
): Promise<History> {
  const { offset = 0, signal } = options;
  const path = offset > 0 ? `/api/history?offset=${offset}` : '/api/history';
  return api(path, { schema: historySchema, ...(signal ? { signal } : {}) });
}

export function historyQueryOptions() {
  return infiniteQueryOptions({
    queryKey: historyKeys.list(),
    queryFn: ({ signal, pageParam }) => getHistory({ signal, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });
}

export function useHistory() {
  return useInfiniteQuery(historyQueryOptions());
}
