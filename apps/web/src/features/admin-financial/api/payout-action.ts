import { payoutQueueItemSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useFinanceMutation } from './finance-keys';

/** POST /api/admin/finance/payouts/:id/retry or /credit. */
export const usePayoutAction = () =>
  useFinanceMutation((input: { id: string; action: 'retry' | 'credit' }) =>
    api(`/api/admin/finance/payouts/${encodeURIComponent(input.id)}/${input.action}`, {
      method: 'POST',
      schema: payoutQueueItemSchema,
    }),
  );
