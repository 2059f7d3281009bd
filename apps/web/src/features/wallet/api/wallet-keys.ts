/** Query keys of the wallet (Saldo and Cashback), its statement and the withdrawals. */
export const walletKeys = {
  all: ['wallet'] as const,
  balances: () => [...walletKeys.all, 'balances'] as const,
  statement: () => [...walletKeys.all, 'statement'] as const,
  withdrawals: () => [...walletKeys.all, 'withdrawals'] as const,
};
