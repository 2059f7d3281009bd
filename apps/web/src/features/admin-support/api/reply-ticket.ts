import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffTicketSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { adminSupportKeys, ticketPath } from './support-keys';

/** POST /api/admin/support/tickets/:id/reply */
export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; message: string }) =>
      send('POST', `${ticketPath(input.id)}/reply`, { message: input.message }, staffTicketSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.all }),
  });
}
