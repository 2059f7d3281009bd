import { verificationSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useAdminUserMutation } from './admin-user-keys';

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
