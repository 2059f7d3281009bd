import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectionListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { connectionKeys } from './connection-keys';

export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) =>
      api('/api/admin/connections', { schema: connectionListSchema, signal }),
  });
}

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}
