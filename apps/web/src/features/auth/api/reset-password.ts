import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: sets the new password and uses up the link. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await api('/api/auth/reset-password', {
    method: 'POST',
    body: { newPassword: input.newPassword, token: input.token },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
