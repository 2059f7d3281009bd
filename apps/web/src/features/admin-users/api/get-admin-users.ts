import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { type UsersQuery, adminUserKeys } from './admin-user-keys';

/** GET /api/admin/users: search by name, PIX key, e-mail or CPF, 50 per page. */
export function adminUsersQueryOptions(query: UsersQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.page !== 1) params.set('page', String(query.page));
  const qs = params.toString();
  return queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) =>
      api(`/api/admin/users${qs ? `?${qs}` : ''}`, { schema: adminUserListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useAdminUsers = (query: UsersQuery) => useQuery(adminUsersQueryOptions(query));
