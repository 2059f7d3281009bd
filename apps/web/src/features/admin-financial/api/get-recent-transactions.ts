import { recentTransactionsSchema } from '@sorteio/shared';
import { useFinanceQuery } from './finance-keys';

/** GET /api/admin/finance/transactions: the latest movements. */
export const useRecentTransactions = () =>
  useFinanceQuery('transactions', '/api/admin/finance/transactions', recentTransactionsSchema);
