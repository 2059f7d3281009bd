import { dailySummarySchema } from '@sorteio/shared';
import { useFinanceQuery } from './finance-keys';

/** GET /api/admin/finance/daily: the figures per day. */
export const useDailySummary = () =>
  useFinanceQuery('daily', '/api/admin/finance/daily', dailySummarySchema);
