import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChannelDelivery,
  type SystemSettings,
  type UpdateSettingsInput,
  channelDeliverySchema,
  systemSettingsSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { publicSettingsQueryOptions } from '@/lib/config/get-public-settings';

export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  channels: ['admin', 'settings', 'channels'] as const,
};

export function getSettings(options: { signal?: AbortSignal } = {}): Promise<SystemSettings> {
  return api('/api/admin/settings', { schema: systemSettingsSchema, ...options });
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings({ signal }),
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSettingsInput) =>
      api('/api/admin/settings', { method: 'PUT', body: input, schema: systemSettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
      // The default fee of 'Nova Sala' comes from the settings too.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'rooms', 'defaults'] });
    },
  });
}

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
