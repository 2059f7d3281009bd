import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { verifyTotp } from '@/lib/auth/two-factor';

export interface SignInInput {
  email: string;
  password: string;
}

/** `twoFactor` is true when the account has 2FA: the session starts only after the code. */
export interface SignInResult {
  twoFactor: boolean;
}

/** POST /api/auth/sign-in/email: `{ user }`, or `{ twoFactorRedirect: true }` with 2FA on. */
export async function signInWithEmail(input: SignInInput): Promise<SignInResult> {
  const answer = await api<{ twoFactorRedirect?: boolean } | null>('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: input.email, password: input.password },
  });
  return { twoFactor: answer?.twoFactorRedirect === true };
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithEmail });
}

export type SecondFactorKind = 'totp' | 'backup';

/**
 * The second step of a sign-in with 2FA: a code from the authenticator app
 * (POST /api/auth/two-factor/verify-totp) or a backup code (.../verify-backup-code).
 */
export async function verifySecondFactor(input: {
  kind: SecondFactorKind;
  code: string;
}): Promise<void> {
  if (input.kind === 'totp') {
    await verifyTotp({ code: input.code });
    return;
  }
  await api('/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    body: { code: input.code },
  });
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}
