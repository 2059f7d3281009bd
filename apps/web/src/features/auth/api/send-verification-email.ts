import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EMAIL_CONFIRMED_URL } from './sign-up';

/** POST /api/auth/send-verification-email: a new confirmation link for an unconfirmed account. */
export async function sendVerificationEmail(input: { email: string }): Promise<void> {
  await api('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email: input.email, callbackURL: EMAIL_CONFIRMED_URL },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
