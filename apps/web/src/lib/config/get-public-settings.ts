import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsSchema, type PublicSettings } from '@sorteio/shared/public-settings';
import { PASSWORD_MIN } from '@sorteio/shared/validation';
import { api } from '@/lib/api-client';
import { configKeys } from './get-public-config';

/** GET /api/public/settings: the settings every visitor may know (they change at run time). */
export function getPublicSettings(options: { signal?: AbortSignal } = {}): Promise<PublicSettings> {
  return api('/api/public/settings', { schema: publicSettingsSchema, ...options });
}

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...configKeys.all, 'settings'] as const,
    queryFn: ({ signal }) => getPublicSettings({ signal }),
    // The setting "Modo de manutenção" reaches open pages within half a minute.
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}

/**
 * The minimum password length of the settings (Config. > Segurança), which the server applies to
 * every new password; the product floor until the settings arrive (the server has the last word).
 */
export function usePasswordMinLength(): number {
  return usePublicSettings().data?.passwordMinLength ?? PASSWORD_MIN;
}
