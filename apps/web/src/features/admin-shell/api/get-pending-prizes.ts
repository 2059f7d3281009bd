import { useQuery } from '@tanstack/react-query';
import { pendingPrizesSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const adminShellKeys = {
  pendingPrizes: () => ['admin', 'pending-prizes'] as const,
};

/** Spec 001 section 9: the pending-prize badge is asked again every 30 s. */
export const PENDING_PRIZES_REFRESH_MS = 30_000;

/** GET /api/admin/pending-prizes: the red badge of 'Financeiro'. */
export function usePendingPrizes(enabled: boolean) {
  return useQuery({
    queryKey: adminShellKeys.pendingPrizes(),
    queryFn: ({ signal }) =>
      api('/api/admin/pending-prizes', { schema: pendingPrizesSchema, signal }),
    staleTime: PENDING_PRIZES_REFRESH_MS,
    refetchInterval: PENDING_PRIZES_REFRESH_MS,
    enabled,
  });
}
