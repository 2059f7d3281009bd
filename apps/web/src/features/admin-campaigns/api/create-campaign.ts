import { useMutation } from '@tanstack/react-query';
import { type CreateCampaignInput, campaignSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useInvalidateCampaigns } from './campaign-keys';

export function useCreateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) =>
      api('/api/admin/campaigns', { method: 'POST', body: input, schema: campaignSchema }),
    onSuccess: invalidate,
  });
}
