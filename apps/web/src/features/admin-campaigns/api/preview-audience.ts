import { useMutation } from '@tanstack/react-query';
import { type CampaignChannel, type TargetCriteria, audiencePreviewSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';

export function useAudience() {
  return useMutation({
    mutationFn: (input: TargetCriteria & { channel: CampaignChannel }) =>
      send('POST', '/api/admin/campaigns/audience', input, audiencePreviewSchema),
  });
}
