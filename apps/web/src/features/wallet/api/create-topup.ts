import { useMutation } from '@tanstack/react-query';
import { pixChargeSchema, type PixCharge } from '@sorteio/shared';
import { api } from '@/lib/api-client';

/** POST /api/wallet/topup: a PIX charge (purpose 'topup') that adds to the Saldo when paid. */
export function createTopup(input: { valor: number }): Promise<PixCharge> {
  return api('/api/wallet/topup', { method: 'POST', body: input, schema: pixChargeSchema });
}

export function useCreateTopup() {
  return useMutation({ mutationFn: createTopup, retry: false });
}
