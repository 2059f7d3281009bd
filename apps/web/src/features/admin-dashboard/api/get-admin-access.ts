import { useQuery } from '@tanstack/react-query';
import { adminAccessSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminDashboardKeys } from './admin-dashboard-keys';

/** GET /api/admin/access: the admin access debug card. */
export function useAdminAccess() {
  return useQuery({
    queryKey: adminDashboardKeys.access(),
    queryFn: ({ signal }) => api('/api/admin/access', { schema: adminAccessSchema, signal }),
    retry: false,
  });
}
