import { emailName } from '@sorteio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where the confirmation link lands: the login screen shows 'E-mail confirmado!'. */
export const EMAIL_CONFIRMED_URL = '/login?verified=1';

/** POST /api/auth/sign-up/email. The display name starts as the part before the @. */
export async function signUpWithEmail(input: { email: string; password: string }): Promise<void> {
  await api('/api/auth/sign-up/email', {
    method: 'POST',
    body: {
      email: input.email,
      password: input.password,
      name: emailName(input.email),
      callbackURL: EMAIL_CONFIRMED_URL,
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
