import { useQuery } from '@tanstack/react-query';
import { type ChannelDelivery, channelDeliverySchema } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/admin/notifications/channels: whether SMS and WhatsApp reach a provider or the outbox. */
export function getChannelDelivery(
  options: { signal?: AbortSignal } = {},
): Promise<ChannelDelivery[]> {
  return api('/api/admin/notifications/channels', {
    schema: z.array(channelDeliverySchema),
    ...options,
  });
}

export function useChannelDelivery() {
  return useQuery({
    queryKey: settingsKeys.channels,
    queryFn: ({ signal }) => getChannelDelivery({ signal }),
  });
}
