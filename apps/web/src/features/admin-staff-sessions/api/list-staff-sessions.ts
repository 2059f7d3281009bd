import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffSessionListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { staffSessionKeys } from './staff-session-keys';

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
