import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletSchema, type Wallet } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** GET /api/wallet: Saldo, Cashback (centavos) and the cashback rate. */
export function getWallet(options: { signal?: AbortSignal } = {}): Promise<Wallet> {
  return api('/api/wallet', { schema: walletSchema, ...options });
}

export function walletQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.balances(),
    queryFn: ({ signal }) => getWallet({ signal }),
  });
}

export function useWallet() {
  return useQuery(walletQueryOptions());
}
