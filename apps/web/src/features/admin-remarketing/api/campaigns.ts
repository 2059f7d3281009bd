import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateCampaignInput,
  type TargetCriteria,
  audiencePreviewSchema,
  campaignPreviewSchema,
  campaignSchema,
  campaignStatsSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const campaignKeys = {
  all: ['admin', 'campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  stats: () => [...campaignKeys.all, 'stats'] as const,
};

export function campaignsQueryOptions() {
  return queryOptions({
    queryKey: campaignKeys.list(),
    queryFn: ({ signal }) =>
      api('/api/admin/campaigns', { schema: z.object({ items: z.array(campaignSchema) }), signal }),
  });
}

export const useCampaigns = () => useQuery(campaignsQueryOptions());

export const useCampaignStats = () =>
  useQuery({
    queryKey: campaignKeys.stats(),
    queryFn: ({ signal }) =>
      api('/api/admin/campaigns/stats', { schema: campaignStatsSchema, signal }),
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

export function useCreateCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) =>
      api('/api/admin/campaigns', { method: 'POST', body: input, schema: campaignSchema }),
    onSuccess: invalidate,
  });
}

export function useToggleCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/campaigns/${id}/status`, { method: 'POST', schema: campaignSchema }),
    onSuccess: invalidate,
  });
}

export function useRunCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/campaigns/${id}/run`, {
        method: 'POST',
        schema: z.object({ queued: z.number() }),
      }),
    onSuccess: invalidate,
  });
}

export function useAudience() {
  return useMutation({
    mutationFn: (criteria: TargetCriteria) =>
      api('/api/admin/campaigns/audience', {
        method: 'POST',
        body: criteria,
        schema: audiencePreviewSchema,
      }),
  });
}

export function usePreview() {
  return useMutation({
    mutationFn: (input: Omit<CreateCampaignInput, 'campaign_name'>) =>
      api('/api/admin/campaigns/preview', {
        method: 'POST',
        body: input,
        schema: campaignPreviewSchema,
      }),
  });
}
