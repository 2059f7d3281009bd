import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInputSchema, passwordSchemaOf } from '@sorteio/shared';
import { KeyRound } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { usePasswordMinLength } from '@/lib/config/get-public-settings';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useChangeOwnPassword } from '../api/change-password';

/** The shared schema, with the minimum of the settings (the server checks it again). */
const formSchemaOf = (minPassword: number) =>
  changePasswordInputSchema
    .extend({ newPassword: passwordSchemaOf(minPassword), confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, {
      error: 'As senhas não coincidem.',
      path: ['confirmPassword'],
    });
type FormValues = z.input<ReturnType<typeof formSchemaOf>>;

/**
 * 'Alterar senha' on the security tab: the current password proves it is the owner (a session left
 * open on a shared computer is not enough), and every other session ends, so whoever knew the old
 * password is signed out everywhere.
 */
export function ChangePasswordCard() {
  const { notify } = useNotifications();
  const change = useChangeOwnPassword();
  const minPassword = usePasswordMinLength();
  const formSchema = useMemo(() => formSchemaOf(minPassword), [minPassword]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

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

  const field = (name: keyof FormValues, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`pw-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      {(describedBy) => (
        <PasswordInput
          id={`pw-${name}`}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          aria-invalid={errors[name] ? true : undefined}
          {...register(name)}
        />
      )}
    </FormField>
  );

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
          {field('currentPassword', 'Senha atual', 'current-password')}
          {field(
            'newPassword',
            'Nova senha',
            'new-password',
            `Use pelo menos ${minPassword} caracteres.`,
          )}
          {field('confirmPassword', 'Confirmar nova senha', 'new-password')}
          <Button
            type="submit"
            className="w-full sm:w-fit"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            <KeyRound aria-hidden="true" />
            {change.isPending ? 'Salvando...' : 'Salvar nova senha'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
