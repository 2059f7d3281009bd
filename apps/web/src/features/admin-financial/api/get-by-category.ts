import { byCategorySchema } from '@sorteio/shared';
import { useFinanceQuery } from './finance-keys';

/** GET /api/admin/finance/categories: the movements per category. */
export const useByCategory = () =>
  useFinanceQuery('categories', '/api/admin/finance/categories', byCategorySchema);
