import { setPasswordLinkResultSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { useAdminUserMutation } from './admin-user-keys';

/** "Reenviar link de senha": a new set-password link for an account that has not set one yet. */
export const useResendSetPasswordLink = () =>
  useAdminUserMutation((input: { userId: string }) =>
    send(
      'POST',
      `/api/admin/users/${encodeURIComponent(input.userId)}/set-password-link`,
      {},
      setPasswordLinkResultSchema,
    ),
  );
