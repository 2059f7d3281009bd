import { useQuery } from '@tanstack/react-query';
import { adminAccessCheckSchema } from '@sorteio/shared/admin-access';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin-access: the guard's check before any administrator page. Spec 001 section 8:
 * the admin check does not retry.
 */
export function useAdminAccessCheck(user: { id: string; twoFactorEnabled: boolean } | null) {
  return useQuery({
    queryKey: ['admin', 'access-check', user?.id, user?.twoFactorEnabled] as const,
    queryFn: ({ signal }) => api('/api/admin-access', { schema: adminAccessCheckSchema, signal }),
    enabled: user !== null,
    retry: false,
    // A failed check must not be asked again when a nested guard mounts: the refetch would put
    // the query back to pending, the outer guard would unmount the inner one, and so on forever.
    retryOnMount: false,
    // Asked again on every visit: the setting or the account may have changed since.
    staleTime: 0,
    gcTime: 0,
  });
}
