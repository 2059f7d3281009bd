import { useMutation } from '@tanstack/react-query';
import { pixChargeSchema, type PixCharge } from '@sorteio/shared';
import { newIdempotencyKey, send } from '@/lib/api-client';

/**
 * POST /api/wallet/topup: a PIX charge (purpose 'topup') that adds to the Saldo when paid, under a
 * key made for this top-up: sent again when its outcome is unknown, it gets the same charge.
 */
export function createTopup({
  valor,
  idempotencyKey = newIdempotencyKey(),
}: {
  valor: number;
  idempotencyKey?: string;
}): Promise<PixCharge> {
  return send('POST', '/api/wallet/topup', { valor }, pixChargeSchema, { idempotencyKey });
}

export function useCreateTopup() {
  return useMutation({ mutationFn: createTopup, retry: false });
}
