import { useMutation } from '@tanstack/react-query';
import { type CampaignChannelSettings, campaignChannelSettingsSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { useInvalidateCampaigns } from './campaign-keys';

export function useUpdateChannelSettings() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (input: CampaignChannelSettings) =>
      send('PUT', '/api/admin/campaigns/channel-settings', input, campaignChannelSettingsSchema),
    onSuccess: invalidate,
  });
}
