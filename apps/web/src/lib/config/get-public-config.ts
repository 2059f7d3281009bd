import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@sorteio/shared/system';
import { api } from '@/lib/api-client';

/** The server's public settings are read by many features, so they live outside any of them. */
export const configKeys = {
  all: ['config'] as const,
  public: () => [...configKeys.all, 'public'] as const,
};

/** GET /api/public/config */
export function getPublicConfig(options: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  return api('/api/public/config', { schema: publicConfigSchema, ...options });
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: configKeys.public(),
    queryFn: ({ signal }) => getPublicConfig({ signal }),
    // Changes only with a server restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
