import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CampaignChannel,
  type CampaignChannelSettings,
  type CampaignListQuery,
  type CreateCampaignInput,
  type TargetCriteria,
  type UpdateCampaignInput,
  audiencePreviewSchema,
  campaignChannelSettingsSchema,
  campaignPreviewSchema,
  campaignReportSchema,
  campaignSchema,
  campaignStatsSchema,
  runCampaignResultSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const campaignKeys = {
  all: ['admin', 'campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (filters: CampaignListQuery) => [...campaignKeys.lists(), filters] as const,
  stats: () => [...campaignKeys.all, 'stats'] as const,
  report: (id: string) => [...campaignKeys.all, 'report', id] as const,
  channelSettings: () => [...campaignKeys.all, 'channel-settings'] as const,
};

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

export const useCampaignStats = () =>
  useQuery({
    queryKey: campaignKeys.stats(),
    queryFn: ({ signal }) =>
      api('/api/admin/campaigns/stats', { schema: campaignStatsSchema, signal }),
  });

export const useCampaignReport = (id: string | null) =>
  useQuery({
    queryKey: campaignKeys.report(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api(`/api/admin/campaigns/${id}/report`, { schema: campaignReportSchema, signal }),
  });

/** The 'Relatório' CSV (Excel pt-BR), downloaded by the browser with the session cookie. */
export const campaignReportCsvUrl = (id: string) => `/api/admin/campaigns/${id}/report.csv`;

export const useChannelSettings = (enabled = true) =>
  useQuery({
    queryKey: campaignKeys.channelSettings(),
    enabled,
    queryFn: ({ signal }) =>
      api('/api/admin/campaigns/channel-settings', {
        schema: campaignChannelSettingsSchema,
        signal,
      }),
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

export function useUpdateCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCampaignInput }) =>
      api(`/api/admin/campaigns/${id}`, { method: 'PUT', body: input, schema: campaignSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateChannelSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CampaignChannelSettings) =>
      api('/api/admin/campaigns/channel-settings', {
        method: 'PUT',
        body: input,
        schema: campaignChannelSettingsSchema,
      }),
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
      api(`/api/admin/campaigns/${id}/run`, { method: 'POST', schema: runCampaignResultSchema }),
    onSuccess: invalidate,
  });
}

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

export function usePreview() {
  return useMutation({
    mutationFn: (input: {
      email_subject?: string | undefined;
      email_template: string;
      target_criteria: TargetCriteria;
    }) =>
      api('/api/admin/campaigns/preview', {
        method: 'POST',
        body: input,
        schema: campaignPreviewSchema,
      }),
  });
}
