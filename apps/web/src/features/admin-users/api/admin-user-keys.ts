import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface UsersQuery {
  q?: string | undefined;
  page: number;
}

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: UsersQuery) => [...adminUserKeys.all, 'list', query] as const,
  detail: (userId: string) => [...adminUserKeys.all, 'detail', userId] as const,
  reviews: (status: ReviewStatus) => [...adminUserKeys.all, 'reviews', status] as const,
};

export type ReviewStatus = 'pendente' | 'verificado' | 'rejeitado';

export function useAdminUserMutation<I, R = unknown>(fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
