import { queryOptions } from '@tanstack/react-query';
import { pushPublicKeySchema, type PushPublicKey } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pushKeys } from './push-keys';

/** GET /api/push/public-key: the server's VAPID key, the device subscribes with it. */
export function getPushPublicKey(options: { signal?: AbortSignal } = {}): Promise<PushPublicKey> {
  return api('/api/push/public-key', { schema: pushPublicKeySchema, ...options });
}

export function pushPublicKeyQueryOptions() {
  return queryOptions({
    queryKey: pushKeys.publicKey(),
    queryFn: ({ signal }) => getPushPublicKey({ signal }),
    staleTime: Infinity,
  });
}
