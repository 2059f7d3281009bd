import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@sorteio/shared';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useSignIn } from '../api/sign-in';
import { isEmailNotVerified, signInErrorText } from '../lib/auth-messages';
import { readLastEmail, rememberEmail } from '../lib/last-email';
import { EmailField } from './email-field';
import { ResendConfirmation } from './resend-confirmation';

const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Por favor, digite sua senha.' }),
});

export interface LoginFormProps {
  /** The password was accepted and a session exists. */
  onSignedIn: () => void;
  /** The password was accepted and the account asks for the second factor. */
  onTwoFactor: () => void;
  /** True while the screen finishes a sign-in (the form stays, but busy). */
  finishing: boolean;
  /** Where the sign-in leads (kept in a new confirmation link). */
  returnTo?: string | null;
}

export function LoginForm({ onSignedIn, onTwoFactor, finishing, returnTo = null }: LoginFormProps) {
  const { notify } = useNotifications();
  const signIn = useSignIn();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: readLastEmail(), password: '' },
  });

  const busy = signIn.isPending || finishing;

  const onSubmit = handleSubmit(async (values) => {
    rememberEmail(values.email);
    setUnverifiedEmail(null);
    try {
      const result = await signIn.mutateAsync(values);
      if (result.twoFactor) onTwoFactor();
      else onSignedIn();
    } catch (error) {
      if (isEmailNotVerified(error)) setUnverifiedEmail(values.email);
      notify({ type: 'error', ...signInErrorText(error) });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <EmailField id="login-email" error={errors.email?.message} registration={register('email')} />
      <PasswordField
        id="login-password"
        label="Senha"
        error={errors.password?.message}
        autoComplete="current-password"
        required
        registration={register('password')}
      />
      <div className="-mt-1 flex justify-end">
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Esqueci minha senha
        </Link>
      </div>

      {unverifiedEmail && <ResendConfirmation email={unverifiedEmail} returnTo={returnTo} />}

      <SubmitButton size="lg" busy={busy} icon={LogIn} busyLabel="Entrando...">
        Entrar
      </SubmitButton>
    </form>
  );
}
