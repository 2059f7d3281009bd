import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@sorteio/shared';
import { LogIn, MailCheck, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { InputField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { RETURN_PARAM, safeReturnPath, withReturnPath } from '@/lib/return-path';
import { PENDING_EMAIL_KEY, readStored, writeStored } from '@/lib/storage';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { RESEND_COOLDOWN_S, useCountdown } from '../hooks/use-countdown';
import { AuthCard } from './auth-card';
import type { VerifyEmailState } from './register-screen';

function emailFromState(state: unknown): string | null {
  const email = (state as Partial<VerifyEmailState> | null)?.email;
  return typeof email === 'string' && email !== '' ? email : null;
}

/** Shown after a sign-up (spec 000 section 2): where the link went and how to get another. */
export function VerifyEmailScreen() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Where the sign-in after the confirmation leads (an invited room); new links keep it.
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));
  const justSent = emailFromState(location.state);
  const [email, setEmail] = useState(() => justSent ?? readStored('session', PENDING_EMAIL_KEY));
  const { notify } = useNotifications();
  const send = useSendVerificationEmail();
  // The sign-up has just sent a link: the first resend waits like any other.
  const countdown = useCountdown(justSent ? RESEND_COOLDOWN_S : 0);

  async function resend(address: string) {
    try {
      await send.mutateAsync({ email: address, returnTo });
    } catch (error) {
      notify({ type: 'error', title: 'Erro ao reenviar e-mail', message: errorMessageOf(error) });
      return;
    }
    writeStored('session', PENDING_EMAIL_KEY, address);
    setEmail(address);
    countdown.start();
    notify({
      type: 'success',
      title: 'E-mail reenviado!',
      message: 'Verifique sua caixa de entrada e spam.',
    });
  }

  return (
    <AuthCard
      icon={MailCheck}
      title="Verifique seu e-mail"
      description={
        email ? (
          <>
            Enviamos um link de confirmação para{' '}
            <strong className="font-semibold break-all text-foreground">{email}</strong>.
          </>
        ) : (
          'Enviamos um link de confirmação para o e-mail que você cadastrou.'
        )
      }
      footer={
        <Button asChild variant="outline" className="w-full">
          <Link to={withReturnPath('/login', returnTo)}>
            <LogIn aria-hidden="true" />
            Ir para o login
          </Link>
        </Button>
      }
    >
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-muted-foreground">
        <li>Abra o e-mail e clique no link para ativar sua conta.</li>
        <li>O link é válido por 24 horas.</li>
        <li>Não encontrou? Verifique a pasta de spam ou lixo eletrônico.</li>
      </ul>
      {email ? (
        <Button
          type="button"
          variant="secondary"
          disabled={countdown.running || send.isPending}
          onClick={() => void resend(email)}
        >
          <RefreshCw aria-hidden="true" className={send.isPending ? 'animate-spin' : undefined} />
          {countdown.running ? `Reenviar em ${countdown.seconds}s` : 'Reenviar e-mail'}
        </Button>
      ) : (
        <ResendForm busy={send.isPending} onResend={(address) => void resend(address)} />
      )}
    </AuthCard>
  );
}

const resendSchema = z.object({ email: emailSchema });

/** For a visit without a known address (a reload in another tab): ask for it. */
function ResendForm({ busy, onResend }: { busy: boolean; onResend: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resendSchema), defaultValues: { email: '' } });
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(({ email }) => onResend(email))(event)}
      className="flex flex-col gap-3"
    >
      <InputField
        id="verify-email-address"
        label="Seu e-mail"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        registration={register('email')}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        <RefreshCw aria-hidden="true" />
        Reenviar e-mail
      </Button>
    </form>
  );
}
