import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CampaignListQuery, campaignSchema } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { campaignKeys } from './campaign-keys';

export function campaignsQueryOptions(filters: CampaignListQuery = {}) {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.channel) params.set('channel', filters.channel);
  const query = params.toString();
  return queryOptions({
    queryKey: campaignKeys.list(filters),
    queryFn: ({ signal }) =>
      api(`/api/admin/campaigns${query ? `?${query}` : ''}`, {
        schema: z.object({ items: z.array(campaignSchema) }),
        signal,
      }),
  });
}

export const useCampaigns = (filters: CampaignListQuery = {}) =>
  useQuery(campaignsQueryOptions(filters));
