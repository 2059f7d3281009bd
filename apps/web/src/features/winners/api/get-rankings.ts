import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rankingsSchema, type Rankings } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { winnerKeys } from './winner-keys';

/** GET /api/winners/rankings?mes=AAAA-MM: one month's rankings (the current month by default). */
export function getRankings(
  month: string | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<Rankings> {
  const query = month ? `?mes=${encodeURIComponent(month)}` : '';
  return api(`/api/winners/rankings${query}`, { schema: rankingsSchema, ...options });
}

export function rankingsQueryOptions(month: string | undefined) {
  return queryOptions({
    queryKey: winnerKeys.rankings(month),
    queryFn: ({ signal }) => getRankings(month, { signal }),
    // The previous month's table stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRankings(month: string | undefined) {
  return useQuery(rankingsQueryOptions(month));
}
