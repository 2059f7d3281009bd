import { useMutation } from '@tanstack/react-query';
import { type changePasswordInputSchema } from '@sorteio/shared';
import { z } from 'zod';
import { send } from '@/lib/api-client';

export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** POST /api/account/change-password: replaces the temporary password set by staff. */
export function changePassword(input: ChangePasswordInput) {
  return send('POST', '/api/account/change-password', input, z.object({ changed: z.boolean() }));
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword, retry: false });
