import { useQuery } from '@tanstack/react-query';
import { walletSchema, type Wallet } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/**
 * GET /api/wallet, read fresh when the delete-account dialog opens: the dialog says how much is
 * left in the Saldo and the Cashback before the account is gone.
 */
export function useRemainingBalances(enabled: boolean) {
  return useQuery({
    queryKey: [...profileKeys.all, 'remaining-balances'] as const,
    queryFn: ({ signal }): Promise<Wallet> => api('/api/wallet', { schema: walletSchema, signal }),
    enabled,
    staleTime: 0,
  });
}
