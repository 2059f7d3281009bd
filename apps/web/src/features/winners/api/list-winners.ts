import { queryOptions, useQuery } from '@tanstack/react-query';
import { winnersListSchema, type PublicWinner } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { winnerKeys } from './winner-keys';

/** GET /api/winners: the latest winners of public rooms, names masked by the server. */
export async function listWinners(options: { signal?: AbortSignal } = {}): Promise<PublicWinner[]> {
  const { items } = await api('/api/winners', { schema: winnersListSchema, ...options });
  return items;
}

export function winnersQueryOptions() {
  return queryOptions({
    queryKey: winnerKeys.recent(),
    queryFn: ({ signal }) => listWinners({ signal }),
  });
}

export function useWinners() {
  return useQuery(winnersQueryOptions());
}
