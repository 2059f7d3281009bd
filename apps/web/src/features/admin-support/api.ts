import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type StaffTicket,
  type StaffTicketSummary,
  type TicketStatus,
  staffTicketSchema,
  staffTicketSummarySchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const adminSupportKeys = {
  all: ['admin-support'] as const,
  list: (status: TicketStatus | 'todos') => [...adminSupportKeys.all, 'list', status] as const,
  detail: (id: string) => [...adminSupportKeys.all, 'detail', id] as const,
};

export const QUEUE_REFRESH_MS = 30_000;

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

export function getTicket(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<StaffTicket> {
  return api(`/api/admin/support/tickets/${encodeURIComponent(id)}`, {
    schema: staffTicketSchema,
    ...options,
  });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: adminSupportKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getTicket(id!, { signal }),
    enabled: id !== null,
  });
}

export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; message: string }) =>
      api(`/api/admin/support/tickets/${encodeURIComponent(input.id)}/reply`, {
        method: 'POST',
        body: { message: input.message },
        schema: staffTicketSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.all }),
  });
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/support/tickets/${encodeURIComponent(id)}/close`, {
        method: 'POST',
        schema: staffTicketSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.all }),
  });
}
