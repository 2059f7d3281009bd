import { useMutation } from '@tanstack/react-query';
import { type changePasswordInputSchema } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** POST /api/account/change-password: replaces the temporary password set by staff. */
export function changePassword(input: ChangePasswordInput) {
  return api('/api/account/change-password', {
    method: 'POST',
    body: input,
    schema: z.object({ changed: z.boolean() }),
  });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword, retry: false });
