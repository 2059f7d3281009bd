import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type StaffTicketSummary,
  type TicketStatus,
  staffTicketSummarySchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminSupportKeys } from './support-keys';

export const QUEUE_REFRESH_MS = 30_000;

/** GET /api/admin/support/tickets?status=: the queue, the oldest waiting first. */
export function listQueue(
  status: TicketStatus | 'todos',
  options: { signal?: AbortSignal } = {},
): Promise<StaffTicketSummary[]> {
  return api(`/api/admin/support/tickets?status=${status}`, {
    schema: z.array(staffTicketSummarySchema),
    ...options,
  });
}

export function useQueue(status: TicketStatus | 'todos') {
  return useQuery(
    queryOptions({
      queryKey: adminSupportKeys.list(status),
      queryFn: ({ signal }) => listQueue(status, { signal }),
      refetchInterval: QUEUE_REFRESH_MS,
    }),
  );
}
