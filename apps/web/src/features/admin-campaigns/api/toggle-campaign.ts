import { useMutation } from '@tanstack/react-query';
import { campaignSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useInvalidateCampaigns } from './campaign-keys';

export function useToggleCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/campaigns/${id}/status`, { method: 'POST', schema: campaignSchema }),
    onSuccess: invalidate,
  });
}
