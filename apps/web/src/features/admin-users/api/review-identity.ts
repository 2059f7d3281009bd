import { verificationSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { useAdminUserMutation } from './admin-user-keys';

export type ReviewDecision = { decision: 'aprovar' } | { decision: 'rejeitar'; motivo: string };
export const useReviewIdentity = () =>
  useAdminUserMutation((input: { userId: string } & ReviewDecision) => {
    const { userId, ...decision } = input;
    return send(
      'POST',
      `/api/admin/verifications/${encodeURIComponent(userId)}/review`,
      decision,
      verificationSchema,
    );
  });
