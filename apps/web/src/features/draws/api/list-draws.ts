import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { drawListSchema, type DrawSummary } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { drawKeys } from './draw-keys';

export const DRAWS_PAGE_SIZE = 20;

export interface DrawPage {
  items: DrawSummary[];
  nextCursor: string | null;
}

/** GET /api/draws (public): finished draws, newest first; `cursor` is the last item's date. */
export function listDraws(
  options: { limit?: number; cursor?: string | null; signal?: AbortSignal } = {},
): Promise<DrawPage> {
  const { limit = DRAWS_PAGE_SIZE, cursor, signal } = options;
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return api(`/api/draws?${params.toString()}`, { schema: drawListSchema, signal });
}

export function drawsInfiniteQueryOptions(limit = DRAWS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: drawKeys.list(limit),
    queryFn: ({ pageParam, signal }) => listDraws({ limit, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useDraws(limit = DRAWS_PAGE_SIZE) {
  return useInfiniteQuery(drawsInfiniteQueryOptions(limit));
}
