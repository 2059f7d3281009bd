import { useMutation } from '@tanstack/react-query';
import { runCampaignResultSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useInvalidateCampaigns } from './campaign-keys';

export function useRunCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/campaigns/${id}/run`, { method: 'POST', schema: runCampaignResultSchema }),
    onSuccess: invalidate,
  });
}
