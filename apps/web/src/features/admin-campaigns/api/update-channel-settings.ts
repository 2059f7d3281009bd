import { useMutation } from '@tanstack/react-query';
import { type CampaignChannelSettings, campaignChannelSettingsSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useInvalidateCampaigns } from './campaign-keys';

export function useUpdateChannelSettings() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (input: CampaignChannelSettings) =>
      api('/api/admin/campaigns/channel-settings', {
        method: 'PUT',
        body: input,
        schema: campaignChannelSettingsSchema,
      }),
    onSuccess: invalidate,
  });
}
