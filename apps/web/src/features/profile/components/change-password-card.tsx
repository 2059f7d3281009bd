import { KeyRound } from 'lucide-react';
import { ChangePasswordFields, useChangePasswordForm } from '@/components/change-password-fields';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useChangeOwnPassword } from '../api/change-password';

/**
 * 'Alterar senha' on the security tab: the current password proves it is the owner (a session left
 * open on a shared computer is not enough), and every other session ends, so whoever knew the old
 * password is signed out everywhere.
 */
export function ChangePasswordCard() {
  const { notify } = useNotifications();
  const change = useChangeOwnPassword();
  const { form, minPassword } = useChangePasswordForm();
  const { handleSubmit, setError, reset } = form;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        // The server names the field at fault: the new password's length, or the current one.
        const newOne = error.reason === 'PASSWORD_TOO_SHORT' || error.reason === 'SAME_PASSWORD';
        setError(newOne ? 'newPassword' : 'currentPassword', { message: error.message });
        return;
      }
      notify({ type: 'error', title: 'Erro ao alterar a senha', message: errorMessageOf(error) });
      return;
    }
    reset();
    notify({
      type: 'success',
      title: 'Senha alterada',
      message: 'Sua nova senha já vale. As outras sessões foram encerradas.',
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Alterar senha</h2>
        </CardTitle>
        <CardDescription>
          Informe a senha atual e escolha uma nova. Ao salvar, as sessões abertas em outros
          aparelhos são encerradas; este aparelho continua conectado.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex max-w-md flex-col gap-4"
        >
          <ChangePasswordFields
            idPrefix="pw"
            currentLabel="Senha atual"
            minPassword={minPassword}
            form={form}
          />
          <SubmitButton
            className="w-full sm:w-fit"
            busy={change.isPending}
            icon={KeyRound}
            busyLabel="Salvando..."
          >
            Salvar nova senha
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
