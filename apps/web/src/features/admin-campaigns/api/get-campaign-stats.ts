import { useQuery } from '@tanstack/react-query';
import { campaignStatsSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { campaignKeys } from './campaign-keys';

export const useCampaignStats = () =>
  useQuery({
    queryKey: campaignKeys.stats(),
    queryFn: ({ signal }) =>
      api('/api/admin/campaigns/stats', { schema: campaignStatsSchema, signal }),
  });
