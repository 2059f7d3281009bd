import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeSessionsResultSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { staffSessionKeys } from './staff-session-keys';

/** POST /api/admin/staff-sessions/:id/end */
export function useEndStaffSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/staff-sessions/${encodeURIComponent(id)}/end`, {
        method: 'POST',
        body: {},
        schema: revokeSessionsResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffSessionKeys.all }),
  });
}
