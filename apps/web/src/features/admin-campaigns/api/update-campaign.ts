import { useMutation } from '@tanstack/react-query';
import { type UpdateCampaignInput, campaignSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useInvalidateCampaigns } from './campaign-keys';

export function useUpdateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCampaignInput }) =>
      api(`/api/admin/campaigns/${id}`, { method: 'PUT', body: input, schema: campaignSchema }),
    onSuccess: invalidate,
  });
}
