import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffTicketSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminSupportKeys, ticketPath } from './support-keys';

/** POST /api/admin/support/tickets/:id/reply */
export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; message: string }) =>
      api(`${ticketPath(input.id)}/reply`, {
        method: 'POST',
        body: { message: input.message },
        schema: staffTicketSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.all }),
  });
}
