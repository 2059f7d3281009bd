import { financeSummarySchema } from '@sorteio/shared';
import { useFinanceQuery } from './finance-keys';

/** GET /api/admin/finance/summary: the totals at the top of the tab. */
export const useFinanceSummary = () =>
  useFinanceQuery('summary', '/api/admin/finance/summary', financeSummarySchema);
