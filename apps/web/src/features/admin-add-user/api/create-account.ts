import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAccountResultSchema, type CreateAccountInput } from '@sorteio/shared';
import { send } from '@/lib/api-client';

/** POST /api/admin/users: a confirmed account with a temporary password (shown once). */
export function createAccount(input: CreateAccountInput) {
  return send('POST', '/api/admin/users', input, createAccountResultSchema);
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    retry: false,
    // The users list (another feature's query) starts with the same key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
