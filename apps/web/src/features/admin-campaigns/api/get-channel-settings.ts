import { useQuery } from '@tanstack/react-query';
import { campaignChannelSettingsSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { campaignKeys } from './campaign-keys';

export const useChannelSettings = (enabled = true) =>
  useQuery({
    queryKey: campaignKeys.channelSettings(),
    enabled,
    queryFn: ({ signal }) =>
      api('/api/admin/campaigns/channel-settings', {
        schema: campaignChannelSettingsSchema,
        signal,
      }),
  });
