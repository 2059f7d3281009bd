import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailConfirmedUrl } from './sign-up';

/** POST /api/auth/send-verification-email: a new confirmation link for an unconfirmed account. */
export async function sendVerificationEmail(input: {
  email: string;
  returnTo?: string | null;
}): Promise<void> {
  await api('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email: input.email, callbackURL: emailConfirmedUrl(input.returnTo) },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
