import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, passwordSchema } from '@sorteio/shared';
import { ArrowLeft, Gift, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { INVITE_CODE_KEY, PENDING_EMAIL_KEY, writeStored } from '@/lib/storage';
import { useSignUp } from '../api/sign-up';
import { signUpErrorText } from '../lib/auth-messages';
import { readLastEmail, rememberEmail } from '../lib/last-email';
import { AuthCard } from './auth-card';

const FILL_ALL = 'Por favor, preencha todos os campos.';

// An empty field stops at the first check, so it gets the "fill everything" text (spec 000 s. 5).
const registerSchema = z.object({
  email: z.string().trim().min(1, { error: FILL_ALL }).pipe(emailSchema),
  password: z.string().min(1, { error: FILL_ALL }).pipe(passwordSchema),
});
type RegisterValues = z.input<typeof registerSchema>;

/** What the navigation to /verify-email carries. */
export interface VerifyEmailState {
  email: string;
}

export function RegisterScreen() {
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const inviteCode = searchParams.get('invite_code')?.trim() || null;
  const signUp = useSignUp();

  useEffect(() => {
    // Kept for the private-room join once the new account signs in.
    if (inviteCode) writeStored('session', INVITE_CODE_KEY, inviteCode);
  }, [inviteCode]);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: readLastEmail(), password: '' },
  });

  function onInvalid(fieldErrors: FieldErrors<RegisterValues>) {
    const messages = [fieldErrors.email?.message, fieldErrors.password?.message];
    if (messages.includes(FILL_ALL)) {
      notify({ type: 'error', title: 'Erro', message: FILL_ALL });
      return;
    }
    const message = fieldErrors.password?.message ?? fieldErrors.email?.message;
    if (message) notify({ type: 'error', title: 'Erro ao registrar', message });
  }

  const onSubmit = handleSubmit(async ({ email, password }) => {
    rememberEmail(email);
    try {
      await signUp.mutateAsync({ email, password });
    } catch (error) {
      notify({ type: 'error', ...signUpErrorText(error) });
      return;
    }
    notify({
      type: 'success',
      title: 'Sucesso!',
      message: 'Cadastro realizado com sucesso! Verifique seu email para confirmar.',
    });
    writeStored('session', PENDING_EMAIL_KEY, email);
    const state: VerifyEmailState = { email };
    await navigate('/verify-email', { state });
  }, onInvalid);

  return (
    <AuthCard
      icon={UserPlus}
      title="Criar Conta"
      description="Cadastre-se com seu e-mail para participar dos sorteios."
      before={
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
      }
      footer={
        <p>
          Já tem conta?{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Entrar
          </Link>
        </p>
      }
    >
      {inviteCode && (
        <Alert variant="info" role="status">
          <Gift aria-hidden="true" />
          <AlertTitle className="text-foreground">Você foi convidado!</AlertTitle>
          <AlertDescription>
            Crie sua conta e confirme seu e-mail para entrar na sala privada do convite.
          </AlertDescription>
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <FormField id="register-email" label="E-mail" error={errors.email?.message}>
          {(describedBy) => (
            <Input
              id="register-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="seu@email.com"
              required
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              {...register('email')}
            />
          )}
        </FormField>
        <FormField
          id="register-password"
          label="Senha"
          error={errors.password?.message}
          hint="Use pelo menos 6 caracteres."
        >
          {(describedBy) => (
            <PasswordInput
              id="register-password"
              autoComplete="new-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy}
              {...register('password')}
            />
          )}
        </FormField>
        <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          A plataforma é exclusiva para maiores de 18 anos. Ao criar sua conta, você declara ter 18
          anos ou mais.
        </p>
        <Button type="submit" size="lg" disabled={signUp.isPending} aria-busy={signUp.isPending}>
          <UserPlus aria-hidden="true" />
          {signUp.isPending ? 'Criando conta...' : 'Criar Conta'}
        </Button>
      </form>
    </AuthCard>
  );
}
