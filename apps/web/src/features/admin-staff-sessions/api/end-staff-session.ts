import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeSessionsResultSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { staffSessionKeys } from './staff-session-keys';

/** POST /api/admin/staff-sessions/:id/end */
export function useEndStaffSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      send(
        'POST',
        `/api/admin/staff-sessions/${encodeURIComponent(id)}/end`,
        {},
        revokeSessionsResultSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffSessionKeys.all }),
  });
}
