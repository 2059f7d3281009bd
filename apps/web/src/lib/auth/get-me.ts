import { queryOptions } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '@sorteio/shared/auth';
import { api } from '@/lib/api-client';

/** Query keys of the session. Screens that change who is signed in invalidate `authKeys.all`. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** GET /api/me answers `{ user: null }` when nobody is signed in. */
export function getMe(options: { signal?: AbortSignal } = {}): Promise<MeResponse> {
  return api('/api/me', { schema: meResponseSchema, ...options });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe({ signal }),
  });
}
