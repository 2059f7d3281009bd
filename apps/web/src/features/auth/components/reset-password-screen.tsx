import { Check, KeyRound, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePasswordMinLength } from '@/lib/config/get-public-settings';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { cn } from '@/lib/utils';
import { useResetToken } from '../api/check-reset-token';
import { useResetPassword } from '../api/reset-password';
import { newPasswordProblem } from '../lib/auth-messages';
import { AuthCard } from './auth-card';

/** Spec 000 section 9: back to /login 2 s after the new password is saved. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/**
 * The same token flow serves two links: the recovery link (spec 000 section 9) and the link a
 * person added by staff receives to set their first password (/set-password, valid 72 hours).
 */
export type PasswordLinkMode = 'recovery' | 'set';

const texts = {
  recovery: {
    title: 'Redefinir senha',
    description: 'Escolha uma nova senha para sua conta.',
    invalid: 'Este link de recuperação é inválido ou expirou.',
    expired: 'Este link de recuperação expirou. Solicite um novo.',
    error: 'Erro ao redefinir senha',
    submit: 'Redefinir senha',
    done: '✅ Senha alterada!',
  },
  set: {
    title: 'Definir sua senha',
    description:
      'Sua conta foi criada pela nossa equipe. Escolha a senha que você vai usar para entrar.',
    invalid: 'Este link para definir a senha é inválido ou expirou.',
    expired:
      'Este link para definir a senha expirou ou já foi usado. Peça um novo à equipe ou solicite a recuperação de senha.',
    error: 'Erro ao definir a senha',
    submit: 'Definir senha',
    done: '✅ Senha definida!',
  },
} as const;

/** Set a new password from the recovery link (spec 000 sections 2 and 4) or the set-password link. */
export function ResetPasswordScreen({ mode = 'recovery' }: { mode?: PasswordLinkMode }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const t = texts[mode];
  const token = searchParams.get('token') ?? '';
  const wellFormed = token !== '' && (mode === 'set' || searchParams.get('type') === 'recovery');
  const check = useResetToken(token, { enabled: wellFormed });
  const expired = check.isError || check.data?.valid === false;
  const leaving = useRef(false);

  useEffect(() => {
    if (leaving.current) return;
    if (!wellFormed) {
      leaving.current = true;
      notify({
        type: 'error',
        title: 'Link inválido',
        message: t.invalid,
      });
      void navigate('/forgot-password', { replace: true });
    } else if (expired) {
      leaving.current = true;
      notify({
        type: 'error',
        title: 'Link expirado',
        message: t.expired,
      });
      void navigate('/forgot-password', { replace: true });
    }
  }, [wellFormed, expired, navigate, notify, t]);

  if (!wellFormed || check.data?.valid !== true) {
    return (
      <AuthCard icon={KeyRound} title={t.title}>
        <div className="flex justify-center py-4">
          <Spinner label="Verificando link..." showLabel />
        </div>
      </AuthCard>
    );
  }

  return <ResetPasswordForm token={token} mode={mode} />;
}

function Hint({ ok, children }: { ok: boolean; children: string }) {
  return (
    <li className={cn('flex items-center gap-2', ok ? 'text-success' : 'text-muted-foreground')}>
      {ok ? (
        <Check aria-hidden="true" className="size-4 shrink-0" />
      ) : (
        <X aria-hidden="true" className="size-4 shrink-0" />
      )}
      <span>
        {children}
        <span className="sr-only">{ok ? ': atendido' : ': pendente'}</span>
      </span>
    </li>
  );
}

function ResetPasswordForm({ token, mode }: { token: string; mode: PasswordLinkMode }) {
  const t = texts[mode];
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const reset = useResetPassword();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { register, handleSubmit, watch, formState } = useForm({
    defaultValues: { password: '', confirm: '' },
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  const password = watch('password');
  const confirm = watch('confirm');
  const minPassword = usePasswordMinLength();
  const longEnough = password.length >= minPassword;
  const matches = password !== '' && password === confirm;
  const done = formState.isSubmitSuccessful && reset.isSuccess;
  const busy = reset.isPending || done;

  const onSubmit = handleSubmit(async (values) => {
    const problem = newPasswordProblem(values.password, values.confirm, minPassword);
    if (problem) {
      notify({ type: 'error', ...problem });
      return;
    }
    try {
      await reset.mutateAsync({ token, newPassword: values.password });
    } catch (error) {
      const message =
        isApiError(error) && error.reason === 'INVALID_TOKEN' ? t.expired : errorMessageOf(error);
      notify({ type: 'error', title: t.error, message });
      return;
    }
    notify({
      type: 'success',
      title: t.done,
      message: 'Faça login com a nova senha.',
    });
    timer.current = setTimeout(() => {
      void navigate('/login', { replace: true });
    }, RESET_REDIRECT_DELAY_MS);
  });

  return (
    <AuthCard icon={KeyRound} title={t.title} description={t.description}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <FormField id="reset-password" label="Nova senha">
          {() => (
            <PasswordInput
              id="reset-password"
              autoComplete="new-password"
              required
              aria-describedby="reset-password-hints"
              {...register('password')}
            />
          )}
        </FormField>
        <FormField id="reset-confirm" label="Confirmar nova senha">
          {() => (
            <PasswordInput
              id="reset-confirm"
              autoComplete="new-password"
              required
              aria-describedby="reset-password-hints"
              {...register('confirm')}
            />
          )}
        </FormField>
        <ul id="reset-password-hints" aria-live="polite" className="flex flex-col gap-1 text-sm">
          <Hint ok={longEnough}>{`Pelo menos ${minPassword} caracteres`}</Hint>
          <Hint ok={matches}>As senhas coincidem</Hint>
        </ul>
        <Button type="submit" size="lg" disabled={!matches || busy} aria-busy={reset.isPending}>
          {reset.isPending ? 'Salvando...' : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
