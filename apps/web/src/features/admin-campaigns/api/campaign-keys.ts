import { useQueryClient } from '@tanstack/react-query';
import { type CampaignListQuery } from '@sorteio/shared';

export const campaignKeys = {
  all: ['admin', 'campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (filters: CampaignListQuery) => [...campaignKeys.lists(), filters] as const,
  stats: () => [...campaignKeys.all, 'stats'] as const,
  report: (id: string) => [...campaignKeys.all, 'report', id] as const,
  channelSettings: () => [...campaignKeys.all, 'channel-settings'] as const,
};

/** After a change, every campaign query is read again. */
export function useInvalidateCampaigns() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}
