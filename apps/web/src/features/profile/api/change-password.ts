import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type changePasswordInputSchema } from '@sorteio/shared';
import { z } from 'zod';
import { send } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/**
 * POST /api/account/change-password: the current password authorizes it, and the server ends every
 * other session (this browser receives a fresh session cookie in the answer).
 */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      send('POST', '/api/account/change-password', input, z.object({ changed: z.boolean() })),
    retry: false,
    // The session list shrinks to this one and the log gains 'password_changed'.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
