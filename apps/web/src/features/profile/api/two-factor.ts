import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorStatusSchema } from '@sorteio/shared';
import { z } from 'zod';
import { api, send } from '@/lib/api-client';
import { verifyTotp } from '@/lib/auth/two-factor';
import { profileKeys } from './profile-keys';

export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** GET /api/profile/2fa */
export function getTwoFactorStatus(
  options: { signal?: AbortSignal } = {},
): Promise<TwoFactorStatus> {
  return api('/api/profile/2fa', { schema: twoFactorStatusSchema, ...options });
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.twoFactor(),
    queryFn: ({ signal }) => getTwoFactorStatus({ signal }),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

const setupSchema = z.object({
  totpURI: z.string().min(1),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof setupSchema>;

/**
 * POST /api/auth/two-factor/enable: starts the setup after checking the password. 2FA is on only
 * after the first code from the app is confirmed (confirmTwoFactor).
 */
export function startTwoFactorSetup(input: { password: string }): Promise<TwoFactorSetup> {
  return send('POST', '/api/auth/two-factor/enable', { password: input.password }, setupSchema);
}

/** Everything that shows the 2FA state: the status, the profile's flag and the log. */
function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.twoFactor() }),
      queryClient.invalidateQueries({ queryKey: profileKeys.detail() }),
      queryClient.invalidateQueries({ queryKey: profileKeys.securityLogs() }),
    ]);
}

export function useStartTwoFactorSetup() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: startTwoFactorSetup,
    onSuccess: () => void refresh(),
  });
}

/** The first code from the app turns 2FA on (POST /api/auth/two-factor/verify-totp). */
export function useConfirmTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => void refresh(),
  });
}

/** POST /api/profile/2fa/disable with a current code. */
export async function disableTwoFactor(input: { code: string }): Promise<TwoFactorStatus> {
  const answer = await send(
    'POST',
    '/api/profile/2fa/disable',
    { code: input.code },
    z.object({ enabled: z.boolean() }),
  );
  return { enabled: answer.enabled, pendingSetup: false };
}

export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => void refresh(),
  });
}
