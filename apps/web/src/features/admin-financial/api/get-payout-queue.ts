import { payoutQueueSchema } from '@sorteio/shared';
import { useFinanceQuery } from './finance-keys';

/** GET /api/admin/finance/payouts: the PIX payouts waiting or failed. */
export const usePayoutQueue = () =>
  useFinanceQuery('payouts', '/api/admin/finance/payouts', payoutQueueSchema);
