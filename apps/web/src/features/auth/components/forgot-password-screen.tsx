import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@sorteio/shared';
import { ArrowLeft, Clock, KeyRound, LifeBuoy, MailCheck, RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useCountdown } from '../hooks/use-countdown';
import { recoveryErrorText } from '../lib/auth-messages';
import { readLastEmail } from '../lib/last-email';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

const forgotSchema = z.object({ email: emailSchema });
type ForgotValues = z.input<typeof forgotSchema>;

const backToLogin = (
  <Button asChild variant="ghost" size="sm" className="w-fit">
    <Link to="/login">
      <ArrowLeft aria-hidden="true" />
      Voltar ao login
    </Link>
  </Button>
);

/** Request a recovery e-mail, then the sent view with a 60 s resend cooldown (spec 000 s. 2). */
export function ForgotPasswordScreen() {
  const { notify } = useNotifications();
  const request = useRequestPasswordReset();
  const countdown = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(email: string, again: boolean) {
    try {
      await request.mutateAsync({ email });
    } catch (error) {
      notify({ type: 'error', ...recoveryErrorText(error) });
      return;
    }
    setSentTo(email);
    countdown.start();
    notify(
      again
        ? {
            type: 'success',
            title: 'E-mail reenviado!',
            message: 'Verifique sua caixa de entrada e spam.',
          }
        : {
            type: 'success',
            title: 'E-mail enviado com sucesso!',
            message: 'Verifique sua caixa de entrada e spam.',
          },
    );
  }

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        title="E-mail enviado!"
        description={
          <>
            Se houver uma conta com o endereço{' '}
            <strong className="font-semibold break-all text-foreground">{sentTo}</strong>, você
            receberá um link para criar uma nova senha.
          </>
        }
        footer={
          <p>
            Não recebeu nada?{' '}
            <Link
              to="/support"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <LifeBuoy aria-hidden="true" className="size-4" />
              Fale com o suporte
            </Link>
          </p>
        }
      >
        <p className="flex items-center justify-center gap-2 rounded-md bg-muted px-3 py-2 text-sm font-medium">
          <Clock aria-hidden="true" className="size-4 text-primary" />
          Link expira em 1 hora
        </p>
        <Button
          type="button"
          variant="secondary"
          disabled={countdown.running || request.isPending}
          onClick={() => void send(sentTo, true)}
        >
          <RefreshCw
            aria-hidden="true"
            className={request.isPending ? 'animate-spin' : undefined}
          />
          {countdown.running ? `Reenviar em ${countdown.seconds}s` : 'Reenviar e-mail'}
        </Button>
        <Button asChild>
          <Link to="/login">
            <ArrowLeft aria-hidden="true" />
            Voltar ao login
          </Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <ForgotPasswordForm busy={request.isPending} onSend={(email) => void send(email, false)} />
  );
}

function ForgotPasswordForm({ busy, onSend }: { busy: boolean; onSend: (email: string) => void }) {
  const { notify } = useNotifications();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: readLastEmail() },
  });

  function onInvalid(_errors: FieldErrors<ForgotValues>) {
    if (getValues('email').trim() === '') {
      notify({
        type: 'error',
        title: 'E-mail obrigatório',
        message: 'Por favor, digite seu e-mail.',
      });
    } else {
      notify({
        type: 'error',
        title: 'E-mail inválido',
        message: 'Por favor, digite um e-mail válido.',
      });
    }
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Recuperar senha"
      description="Digite o e-mail da sua conta e enviaremos um link para você criar uma nova senha."
      before={backToLogin}
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(({ email }) => onSend(email), onInvalid)(event)}
        className="flex flex-col gap-4"
      >
        <EmailField
          id="forgot-email"
          error={errors.email?.message}
          registration={register('email')}
        />
        <SubmitButton size="lg" busy={busy} icon={Send} busyLabel="Enviando...">
          Enviar link de recuperação
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
