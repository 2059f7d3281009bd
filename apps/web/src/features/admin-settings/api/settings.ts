import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SystemSettings,
  type UpdateSettingsInput,
  systemSettingsSchema,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { publicSettingsQueryOptions } from '@/lib/config/get-public-settings';

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
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
      // The default fee of 'Nova Sala' comes from the settings too.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'rooms', 'defaults'] });
    },
  });
}
