import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeSessionSchema, revokeSessionsResultSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const sessionsKey = () => [...profileKeys.all, 'sessions'] as const;

/** GET /api/profile/sessions: where the account is signed in. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsKey(),
    queryFn: ({ signal }) =>
      api('/api/profile/sessions', { schema: activeSessionSchema.array(), signal }),
    staleTime: 0,
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** POST /api/profile/sessions/:id/revoke, or revoke-others without an id. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      api(
        id
          ? `/api/profile/sessions/${encodeURIComponent(id)}/revoke`
          : '/api/profile/sessions/revoke-others',
        { method: 'POST', body: {}, schema: revokeSessionsResultSchema },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionsKey() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.securityLogs() });
    },
  });
}
