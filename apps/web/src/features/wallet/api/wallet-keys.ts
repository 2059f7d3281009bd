/** Query keys of the wallet (Saldo and Cashback) and its statement. */
export const walletKeys = {
  all: ['wallet'] as const,
  balances: () => [...walletKeys.all, 'balances'] as const,
  statement: () => [...walletKeys.all, 'statement'] as const,
};
