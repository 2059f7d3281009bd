import { useQuery } from '@tanstack/react-query';
import { type StaffTicket, staffTicketSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminSupportKeys, ticketPath } from './support-keys';

/** GET /api/admin/support/tickets/:id: the ticket with its whole conversation. */
export function getTicket(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<StaffTicket> {
  return api(ticketPath(id), { schema: staffTicketSchema, ...options });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: adminSupportKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getTicket(id!, { signal }),
    enabled: id !== null,
  });
}
