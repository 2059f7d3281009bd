import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryLogItemSchema, type DeliveryLogItem } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { outboxKeys } from './outbox-keys';

const listSchema = deliveryLogItemSchema.array();

/**
 * GET /api/dev/outbox-messages: the SMS and WhatsApp messages kept locally while a channel has no
 * provider (404 once both have one), newest first.
 */
export function listPhoneMessages(
  options: { signal?: AbortSignal } = {},
): Promise<DeliveryLogItem[]> {
  return api('/api/dev/outbox-messages', { schema: listSchema, ...options });
}

export function phoneMessagesQueryOptions() {
  return queryOptions({
    queryKey: [...outboxKeys.all, 'phone'] as const,
    queryFn: ({ signal }) => listPhoneMessages({ signal }),
    staleTime: 0,
    refetchInterval: 5000,
    retry: false,
  });
}

export function usePhoneMessages() {
  return useQuery(phoneMessagesQueryOptions());
}
