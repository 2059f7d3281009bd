import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffTicketSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminSupportKeys, ticketPath } from './support-keys';

/** POST /api/admin/support/tickets/:id/close */
export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`${ticketPath(id)}/close`, { method: 'POST', schema: staffTicketSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.all }),
  });
}
