import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const passwordResetKeys = {
  all: ['password-reset'] as const,
  token: (token: string) => [...passwordResetKeys.all, 'token', token] as const,
};

const tokenCheckSchema = z.object({ valid: z.boolean() });

/** GET /api/account/password-reset/:token: whether the link still works (it is not used up). */
export function checkResetToken(
  token: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ valid: boolean }> {
  return api(`/api/account/password-reset/${encodeURIComponent(token)}`, {
    schema: tokenCheckSchema,
    ...options,
  });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: passwordResetKeys.token(token),
    queryFn: ({ signal }) => checkResetToken(token, { signal }),
    // The link may expire while the page is open: never trust an old answer.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useResetToken(token: string, options: { enabled: boolean }) {
  return useQuery({ ...resetTokenQueryOptions(token), enabled: options.enabled });
}
