import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/request-password-reset. The answer is the same whether or not the address has an
 * account, so nobody can use this form to find out who is registered.
 */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await api('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email: input.email, redirectTo: '/reset-password' },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
