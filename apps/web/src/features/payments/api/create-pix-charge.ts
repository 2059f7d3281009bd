import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pixChargeSchema, type ParticipationCharge, type PixCharge } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

/**
 * POST /api/payments/pix: the spec's generate_payment. Answers the open charge if there is one,
 * or a new one when the last expired and the seat is still held.
 */
export function createPixCharge(input: { participacaoId: string }): Promise<PixCharge> {
  return api('/api/payments/pix', { method: 'POST', body: input, schema: pixChargeSchema });
}

export function useCreatePixCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPixCharge,
    retry: false,
    onSuccess: (charge, input) => {
      queryClient.setQueryData<ParticipationCharge>(
        paymentKeys.participationCharge(input.participacaoId),
        (previous) => ({ charge, seat: previous?.seat ?? null }),
      );
    },
  });
}
