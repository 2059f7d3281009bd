import { useMutation } from '@tanstack/react-query';
import { type CampaignChannel, type TargetCriteria, audiencePreviewSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export function useAudience() {
  return useMutation({
    mutationFn: (input: TargetCriteria & { channel: CampaignChannel }) =>
      api('/api/admin/campaigns/audience', {
        method: 'POST',
        body: input,
        schema: audiencePreviewSchema,
      }),
  });
}
