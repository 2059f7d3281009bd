import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EfiConfig, efiConfigSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

/** GET /api/admin/pix/config (check_config): masked credentials, certificate, last test. */
export function getPixConfig(options: { signal?: AbortSignal } = {}): Promise<EfiConfig> {
  return api('/api/admin/pix/config', { schema: efiConfigSchema, ...options });
}

export function pixConfigQueryOptions() {
  return queryOptions({
    queryKey: pixConfigKeys.all,
    queryFn: ({ signal }) => getPixConfig({ signal }),
  });
}

export function usePixConfig() {
  return useQuery(pixConfigQueryOptions());
}
