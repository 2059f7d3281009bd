import { useQuery } from '@tanstack/react-query';
import { adminUserDetailSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminUserKeys } from './admin-user-keys';

/** GET /api/admin/users/:id: profile, balance, participations, security log, verification. */
export function useAdminUserDetail(userId: string | null) {
  return useQuery({
    queryKey: adminUserKeys.detail(userId ?? ''),
    queryFn: ({ signal }) =>
      api(`/api/admin/users/${encodeURIComponent(userId ?? '')}`, {
        schema: adminUserDetailSchema,
        signal,
      }),
    enabled: userId !== null,
  });
}
