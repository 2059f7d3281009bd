/** GET /api/admin/finance/reports/:kind: the four 'Relatórios' downloads (CSV for Excel pt-BR). */
export const reportUrl = (kind: 'transactions' | 'monthly' | 'categories' | 'growth') =>
  `/api/admin/finance/reports/${kind}`;
