import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authKeys, meQueryOptions } from './get-me';
import { signOut as signOutRequest } from './sign-out';

/**
 * Keeps the session in TanStack Query under ['auth', 'me'], so any screen can refresh it by
 * invalidating `authKeys.all`. A failed lookup counts as signed out: the server decides every
 * permission anyway (DESIGN.md section 7).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());

  const signOutMutation = useMutation({
    mutationFn: signOutRequest,
    onSuccess: () => {
      queryClient.setQueryData(authKeys.me(), { user: null });
      // What is cached may belong to the previous user: drop it, and reload what is on screen.
      const notAuth = (query: { queryKey: readonly unknown[] }) =>
        query.queryKey[0] !== authKeys.all[0];
      queryClient.removeQueries({ type: 'inactive', predicate: notAuth });
      void queryClient.invalidateQueries({ type: 'active', predicate: notAuth });
    },
  });

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: authKeys.all });
  }, [queryClient]);

  const { mutateAsync: signOutAsync, isPending: signingOut } = signOutMutation;
  const signOut = useCallback(async () => {
    await signOutAsync();
  }, [signOutAsync]);

  const user = me.data?.user ?? null;
  const loading = me.isPending || signingOut;

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, refresh, signOut }),
    [user, loading, refresh, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
