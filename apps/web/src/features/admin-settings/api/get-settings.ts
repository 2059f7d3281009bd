import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SystemSettings, systemSettingsSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

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
