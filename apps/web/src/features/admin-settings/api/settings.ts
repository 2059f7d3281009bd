import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SystemSettings,
  type UpdateSettingsInput,
  systemSettingsSchema,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const settingsKeys = { all: ['admin', 'settings'] as const };

export function getSettings(options: { signal?: AbortSignal } = {}): Promise<SystemSettings> {
  return api('/api/admin/settings', { schema: systemSettingsSchema, ...options });
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings({ signal }),
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSettingsInput) =>
      api('/api/admin/settings', { method: 'PUT', body: input, schema: systemSettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      void queryClient.invalidateQueries({ queryKey: ['public-settings'] });
    },
  });
}
