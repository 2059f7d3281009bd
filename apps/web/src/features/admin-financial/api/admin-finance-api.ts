import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  byCategorySchema,
  dailySummarySchema,
  financeSummarySchema,
  ledgerAuditSchema,
  payoutQueueItemSchema,
  payoutQueueSchema,
  recentTransactionsSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const financeKeys = { all: ['admin', 'finance'] as const };
const key = (name: string) => [...financeKeys.all, name] as const;

const useFinanceQuery = <S extends z.ZodType>(name: string, path: string, schema: S) =>
  useQuery({ queryKey: key(name), queryFn: ({ signal }) => api(path, { schema, signal }) });

export const useFinanceSummary = () =>
  useFinanceQuery('summary', '/api/admin/finance/summary', financeSummarySchema);
export const useDailySummary = () =>
  useFinanceQuery('daily', '/api/admin/finance/daily', dailySummarySchema);
export const useRecentTransactions = () =>
  useFinanceQuery('transactions', '/api/admin/finance/transactions', recentTransactionsSchema);
export const useByCategory = () =>
  useFinanceQuery('categories', '/api/admin/finance/categories', byCategorySchema);
export const usePayoutQueue = () =>
  useFinanceQuery('payouts', '/api/admin/finance/payouts', payoutQueueSchema);
export const useLedgerAudit = () =>
  useFinanceQuery(
    'audit',
    '/api/admin/finance/audit',
    z.object({ audit: ledgerAuditSchema.nullable() }),
  );

/** The four 'Relatórios' downloads (CSV for Excel pt-BR). */
export const reportUrl = (kind: 'transactions' | 'monthly' | 'categories' | 'growth') =>
  `/api/admin/finance/reports/${kind}`;

function useFinanceMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export const usePayoutAction = () =>
  useFinanceMutation((input: { id: string; action: 'retry' | 'credit' }) =>
    api(`/api/admin/finance/payouts/${encodeURIComponent(input.id)}/${input.action}`, {
      method: 'POST',
      schema: payoutQueueItemSchema,
    }),
  );

export const useRunLedgerAudit = () =>
  useFinanceMutation(() =>
    api('/api/admin/finance/audit', { method: 'POST', schema: ledgerAuditSchema }),
  );
