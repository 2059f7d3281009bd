import { zodResolver } from '@hookform/resolvers/zod';
import { adminMessages, changePasswordInputSchema, passwordSchemaOf } from '@sorteio/shared';
import { KeyRound } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { usePasswordMinLength } from '@/lib/config/get-public-settings';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useChangePassword } from '../api/change-password';
import { AuthCard } from './auth-card';

/** The new password follows the setting "Tamanho mínimo da senha" (the server checks it too). */
const formSchemaOf = (minPassword: number) =>
  changePasswordInputSchema
    .extend({ newPassword: passwordSchemaOf(minPassword), confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, {
      error: 'As senhas não coincidem.',
      path: ['confirmPassword'],
    });
type FormValues = z.input<ReturnType<typeof formSchemaOf>>;

/**
 * Shown instead of any signed-in screen while the account still has the temporary password an
 * administrator set (the server refuses everything else until it changes).
 */
export function ChangePasswordScreen() {
  const { refresh, signOut } = useAuth();
  const { notify } = useNotifications();
  const change = useChangePassword();
  const minPassword = usePasswordMinLength();
  const formSchema = useMemo(() => formSchemaOf(minPassword), [minPassword]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
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
  const field = (name: keyof FormValues, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`cp-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      {(describedBy) => (
        <PasswordInput
          id={`cp-${name}`}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          aria-invalid={errors[name] ? true : undefined}
          {...register(name)}
        />
      )}
    </FormField>
  );
  return (
    <AuthCard
      title="Defina sua senha"
      description={adminMessages.passwordChangeRequired}
      icon={KeyRound}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        {field('currentPassword', 'Senha temporária', 'current-password')}
        {field(
          'newPassword',
          'Nova senha',
          'new-password',
          `Use pelo menos ${minPassword} caracteres.`,
        )}
        {field('confirmPassword', 'Confirmar nova senha', 'new-password')}
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
