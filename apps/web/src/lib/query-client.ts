import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';

/** Application root defaults of spec 001 sections 8 and 9. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 2;
export const MUTATION_RETRIES = 1;

/**
 * Retries up to `max` times, but never an answer the server gave on purpose (4xx): asking again
 * cannot turn "wrong password" or "not found" into a success, and repeated sign-in attempts would
 * only use up the rate limit.
 */
export function retryUnlessClientError(max: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
    return failureCount < max;
  };
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A 401 on any other query means the session ended (expired, signed out in another
        // tab): read it again so the route guards send the person to /login.
        if (isApiError(error) && error.status === 401 && query.queryKey[0] !== authKeys.all[0]) {
          void client.invalidateQueries({ queryKey: authKeys.all });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: retryUnlessClientError(QUERY_RETRIES),
      },
      mutations: {
        retry: retryUnlessClientError(MUTATION_RETRIES),
      },
    },
  });
  return client;
}
