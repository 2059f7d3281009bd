import { api } from '@/lib/api-client';

/**
 * POST /api/auth/two-factor/verify-totp. The same call finishes a sign-in that asked for the
 * second factor and turns 2FA on after its setup, so both the login and the profile screens use it.
 */
export async function verifyTotp(input: { code: string }): Promise<void> {
  await api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code: input.code } });
}
