import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChatHistoryItem, type Ticket, ticketSchema } from '@sorteio/shared';
import { z } from 'zod';
import { api, send } from '@/lib/api-client';
import { supportKeys } from './support-keys';

/** Staff answers show up without a reload (and an e-mail is sent as well). */
export const TICKETS_REFRESH_MS = 30_000;

/** GET /api/support/tickets: the caller's own tickets, newest activity first. */
export function listTickets(options: { signal?: AbortSignal } = {}): Promise<Ticket[]> {
  return api('/api/support/tickets', { schema: z.array(ticketSchema), ...options });
}

export function ticketsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: supportKeys.tickets(userId),
    queryFn: ({ signal }) => listTickets({ signal }),
    refetchInterval: TICKETS_REFRESH_MS,
  });
}

export function useTickets(userId: string | null) {
  return useQuery({ ...ticketsQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** POST /api/support/tickets: 'Falar com um atendente' with the conversation. */
export function createTicket(input: {
  message: string;
  conversation: ChatHistoryItem[];
}): Promise<Ticket> {
  return api('/api/support/tickets', { method: 'POST', body: input, schema: ticketSchema });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

/** POST /api/support/tickets/:id/messages */
export function replyToTicket(input: { ticketId: string; message: string }): Promise<Ticket> {
  return send(
    'POST',
    `/api/support/tickets/${encodeURIComponent(input.ticketId)}/messages`,
    { message: input.message },
    ticketSchema,
  );
}

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
