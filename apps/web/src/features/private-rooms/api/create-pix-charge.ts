import { useMutation } from '@tanstack/react-query';
import { pixChargeSchema, type PixCharge } from '@sorteio/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/payments/pix: the same call as the public payment page (answers the open charge if
 * there is one). Features do not import each other, so this room's card has its own fetcher.
 */
export function createPixCharge(input: { participacaoId: string }): Promise<PixCharge> {
  return api('/api/payments/pix', { method: 'POST', body: input, schema: pixChargeSchema });
}

export function useCreatePixCharge() {
  return useMutation({ mutationFn: createPixCharge, retry: false });
}
