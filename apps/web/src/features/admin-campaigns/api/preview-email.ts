import { useMutation } from '@tanstack/react-query';
import { type TargetCriteria, campaignPreviewSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';

export function usePreview() {
  return useMutation({
    mutationFn: (input: {
      email_subject?: string | undefined;
      email_template: string;
      target_criteria: TargetCriteria;
    }) => send('POST', '/api/admin/campaigns/preview', input, campaignPreviewSchema),
  });
}
