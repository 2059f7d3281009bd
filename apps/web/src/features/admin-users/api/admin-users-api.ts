import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  adminUserDetailSchema,
  adminUserListSchema,
  reviewQueueSchema,
  setPasswordLinkResultSchema,
  verificationSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

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

/** GET /api/admin/verifications?status=: the identity review queue (oldest first). */
export function useReviewQueue(status: ReviewStatus, enabled = true) {
  return useQuery({
    queryKey: adminUserKeys.reviews(status),
    queryFn: ({ signal }) =>
      api(`/api/admin/verifications?status=${status}`, { schema: reviewQueueSchema, signal }),
    enabled,
  });
}

/** The address of a user's document or selfie, read through the staff-only route. */
export const verificationFileUrl = (userId: string, kind: 'documento' | 'selfie') =>
  `/api/admin/verifications/${encodeURIComponent(userId)}/files/${kind}`;

function useAdminUserMutation<I, R = unknown>(fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

export const useSetUserStatus = () =>
  useAdminUserMutation((input: { userId: string; statusConta: 'ativo' | 'suspenso' }) =>
    api(`/api/admin/users/${encodeURIComponent(input.userId)}/status`, {
      method: 'POST',
      body: { statusConta: input.statusConta },
      schema: z.object({ statusConta: z.enum(['ativo', 'suspenso']) }),
    }),
  );

export const useSetUserVerified = () =>
  useAdminUserMutation((input: { userId: string; verified: boolean }) =>
    api(`/api/admin/users/${encodeURIComponent(input.userId)}/verified`, {
      method: 'POST',
      body: { verified: input.verified },
      schema: z.object({ isVerified: z.boolean() }),
    }),
  );

export type ReviewDecision = { decision: 'aprovar' } | { decision: 'rejeitar'; motivo: string };
export const useReviewIdentity = () =>
  useAdminUserMutation((input: { userId: string } & ReviewDecision) => {
    const { userId, ...decision } = input;
    return api(`/api/admin/verifications/${encodeURIComponent(userId)}/review`, {
      method: 'POST',
      body: decision,
      schema: verificationSchema,
    });
  });

/** "Reenviar link de senha": a new set-password link for an account that has not set one yet. */
export const useResendSetPasswordLink = () =>
  useAdminUserMutation((input: { userId: string }) =>
    api(`/api/admin/users/${encodeURIComponent(input.userId)}/set-password-link`, {
      method: 'POST',
      body: {},
      schema: setPasswordLinkResultSchema,
    }),
  );
