import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { newIdempotencyKey, send } from '@/lib/api-client';
import { withdrawalStatuses } from './list-withdrawals';
import { walletKeys } from './wallet-keys';

const requestWithdrawalResultSchema = z.object({
  id: z.string(),
  status: z.enum(withdrawalStatuses),
  valor: z.number().int(),
});
export type RequestWithdrawalResult = z.infer<typeof requestWithdrawalResultSchema>;

/**
 * POST /api/wallet/withdraw: sends `valor` (centavos) of the Saldo to the caller's own PIX key.
 * The server checks the limits (its settings), the verification, the key and the Saldo.
 */
export function requestWithdrawal({
  valor,
  idempotencyKey = newIdempotencyKey(),
}: {
  valor: number;
  /** Made once per withdrawal: sent again when its outcome is unknown, it withdraws once. */
  idempotencyKey?: string;
}): Promise<RequestWithdrawalResult> {
  return send('POST', '/api/wallet/withdraw', { valor }, requestWithdrawalResultSchema, {
    idempotencyKey,
  });
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    // Money moves: one call per action; only the API client sends it again, under the same key.
    retry: false,
    onSuccess: () => {
      // The Saldo, the statement and the withdrawals list all changed.
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
