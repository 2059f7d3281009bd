import { emailName } from '@sorteio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withReturnPath } from '@/lib/return-path';

/** Where the confirmation link lands: the login screen shows 'E-mail confirmado!'. */
export const EMAIL_CONFIRMED_URL = '/login?verified=1';

/**
 * The confirmation link's landing, carrying where the person was going (an invited room), so
 * the sign-in that follows the confirmation takes them there. Invalid targets are dropped.
 */
export function emailConfirmedUrl(returnTo?: string | null): string {
  return withReturnPath(EMAIL_CONFIRMED_URL, returnTo);
}

/** POST /api/auth/sign-up/email. The display name starts as the part before the @. */
export async function signUpWithEmail(input: {
  email: string;
  password: string;
  returnTo?: string | null;
  /** The Termos de Uso and the Regulamento dos Sorteios, accepted on the form. */
  acceptLegalTerms: true;
  /** A player's referral code from /register?invite_code=. */
  referralCode?: string | null;
}): Promise<void> {
  await api('/api/auth/sign-up/email', {
    method: 'POST',
    body: {
      email: input.email,
      password: input.password,
      name: emailName(input.email),
      callbackURL: emailConfirmedUrl(input.returnTo),
      acceptLegalTerms: input.acceptLegalTerms,
      ...(input.referralCode ? { referralCode: input.referralCode } : {}),
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
