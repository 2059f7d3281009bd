import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/*
 * The withdrawal contracts are written here because this change may only touch the web app; they
 * belong in packages/shared next to walletSchema (STYLE.md, Contracts) and should move there.
 */
export const withdrawalStatuses = ['pendente', 'enviando', 'confirmado', 'devolvido'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalSchema = z.object({
  id: z.string(),
  valor: z.number().int(),
  status: z.enum(withdrawalStatuses),
  createdAt: z.string(),
  /** Why the last attempt to send the PIX failed; for a 'devolvido' one, why it came back. */
  lastError: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

const withdrawalsSchema = withdrawalSchema.array();

/** While a withdrawal is on its way the list is read again this often. */
export const WITHDRAWALS_REFRESH_MS = 10_000;

export function isWithdrawalInProgress(withdrawal: Pick<Withdrawal, 'status'>): boolean {
  return withdrawal.status === 'pendente' || withdrawal.status === 'enviando';
}

/** GET /api/wallet/withdrawals: the caller's withdrawals, newest first. */
export function listWithdrawals(options: { signal?: AbortSignal } = {}): Promise<Withdrawal[]> {
  return api('/api/wallet/withdrawals', { schema: withdrawalsSchema, ...options });
}

export function withdrawalsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.withdrawals(),
    queryFn: ({ signal }) => listWithdrawals({ signal }),
    // Live updates ('payout') refetch it too; polling covers a closed socket.
    refetchInterval: (query) =>
      query.state.data?.some(isWithdrawalInProgress) ? WITHDRAWALS_REFRESH_MS : false,
  });
}

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions());
}
