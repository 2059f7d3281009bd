import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxMessageSummarySchema, type OutboxMessageSummary } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { outboxKeys } from './outbox-keys';

const listSchema = outboxMessageSummarySchema.array();

/** New mail arrives while the operator watches (a confirmation, a recovery link). */
const OUTBOX_REFRESH_MS = 5000;

function newestFirst(a: OutboxMessageSummary, b: OutboxMessageSummary): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** GET /api/dev/outbox, newest first. */
export async function listOutboxMessages(
  options: { signal?: AbortSignal } = {},
): Promise<OutboxMessageSummary[]> {
  const messages = await api('/api/dev/outbox', { schema: listSchema, ...options });
  return [...messages].sort(newestFirst);
}

export function outboxMessagesQueryOptions() {
  return queryOptions({
    queryKey: outboxKeys.list(),
    queryFn: ({ signal }) => listOutboxMessages({ signal }),
    staleTime: 0,
    refetchInterval: OUTBOX_REFRESH_MS,
  });
}

export function useOutboxMessages() {
  return useQuery(outboxMessagesQueryOptions());
}
