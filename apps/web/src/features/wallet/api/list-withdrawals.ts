import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Withdrawal, withdrawalSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export {
  withdrawalSchema,
  withdrawalStatuses,
  type Withdrawal,
  type WithdrawalStatus,
} from '@sorteio/shared';

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
