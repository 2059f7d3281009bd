import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxMessageSchema, type OutboxMessage } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { outboxKeys } from './outbox-keys';

/** GET /api/dev/outbox/:id */
export function getOutboxMessage(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<OutboxMessage> {
  return api(`/api/dev/outbox/${encodeURIComponent(id)}`, {
    schema: outboxMessageSchema,
    ...options,
  });
}

export function outboxMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: outboxKeys.detail(id),
    queryFn: ({ signal }) => getOutboxMessage(id, { signal }),
    // A sent message never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOutboxMessage(id: string) {
  return useQuery(outboxMessageQueryOptions(id));
}
