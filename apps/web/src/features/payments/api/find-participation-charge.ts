import { queryOptions, useQuery } from '@tanstack/react-query';
import { participationChargeSchema, type ParticipationCharge } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

/** GET /api/payments/pix?participacaoId=: the newest charge of a participation, if any, and its seat. */
export async function findParticipationCharge(
  participacaoId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ParticipationCharge> {
  const query = new URLSearchParams({ participacaoId });
  return api(`/api/payments/pix?${query.toString()}`, {
    schema: participationChargeSchema,
    ...options,
  });
}

export function participationChargeQueryOptions(participacaoId: string) {
  return queryOptions({
    queryKey: paymentKeys.participationCharge(participacaoId),
    queryFn: ({ signal }) => findParticipationCharge(participacaoId, { signal }),
    staleTime: 0,
  });
}

export function useParticipationCharge(participacaoId: string) {
  return useQuery(participationChargeQueryOptions(participacaoId));
}
