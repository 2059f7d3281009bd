import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { revokeSessionsResultSchema, staffSessionListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const staffSessionKeys = {
  all: ['admin', 'staff-sessions'] as const,
  list: () => [...staffSessionKeys.all, 'list'] as const,
};

/** GET /api/admin/staff-sessions */
export function staffSessionsQueryOptions() {
  return queryOptions({
    queryKey: staffSessionKeys.list(),
    queryFn: ({ signal }) =>
      api('/api/admin/staff-sessions', { schema: staffSessionListSchema, signal }),
    // Who is signed in changes by the minute.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export const useStaffSessions = () => useQuery(staffSessionsQueryOptions());

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
