import { adminMessages } from '@sorteio/shared';
import { KeyRound } from 'lucide-react';
import { ChangePasswordFields, useChangePasswordForm } from '@/components/change-password-fields';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useChangePassword } from '../api/change-password';
import { AuthCard } from './auth-card';

/**
 * Shown instead of any signed-in screen while the account still has the temporary password an
 * administrator set (the server refuses everything else until it changes).
 */
export function ChangePasswordScreen() {
  const { refresh, signOut } = useAuth();
  const { notify } = useNotifications();
  const change = useChangePassword();
  const { form, minPassword } = useChangePasswordForm();
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      notify({ type: 'success', title: 'Senha alterada', message: 'Sua nova senha já vale.' });
      await refresh();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Erro ao alterar a senha.';
      const tooShort = error instanceof ApiError && error.reason === 'PASSWORD_TOO_SHORT';
      setError(tooShort ? 'newPassword' : 'currentPassword', { message });
    }
  });
  return (
    <AuthCard
      title="Defina sua senha"
      description={adminMessages.passwordChangeRequired}
      icon={KeyRound}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <ChangePasswordFields
          idPrefix="cp"
          currentLabel="Senha temporária"
          minPassword={minPassword}
          form={form}
        />
        <Button type="submit" disabled={isSubmitting}>
          Salvar nova senha
        </Button>
        <Button type="button" variant="ghost" onClick={() => void signOut()}>
          Sair
        </Button>
      </form>
    </AuthCard>
  );
}
