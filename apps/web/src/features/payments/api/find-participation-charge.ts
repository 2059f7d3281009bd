import { queryOptions, useQuery } from '@tanstack/react-query';
import { pixChargeSchema, type PixCharge } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

const answerSchema = z.object({ charge: pixChargeSchema.nullable() });

/** GET /api/payments/pix?participacaoId=: the newest charge of a participation, if any. */
export async function findParticipationCharge(
  participacaoId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PixCharge | null> {
  const query = new URLSearchParams({ participacaoId });
  const answer = await api(`/api/payments/pix?${query.toString()}`, {
    schema: answerSchema,
    ...options,
  });
  return answer.charge;
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
