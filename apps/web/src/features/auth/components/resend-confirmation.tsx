import { MailWarning } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useSendVerificationEmail } from '../api/send-verification-email';

/** Shown when the sign-in was refused because the address is not confirmed yet. */
export function ResendConfirmation({
  email,
  returnTo = null,
}: {
  email: string;
  /** Where the sign-in after the confirmation leads (an invited room). */
  returnTo?: string | null;
}) {
  const { notify } = useNotifications();
  const send = useSendVerificationEmail();

  async function resend() {
    try {
      await send.mutateAsync({ email, returnTo });
      notify({
        type: 'success',
        title: 'E-mail reenviado!',
        message: 'Verifique sua caixa de entrada e spam.',
      });
    } catch (error) {
      notify({ type: 'error', title: 'Erro ao reenviar e-mail', message: errorMessageOf(error) });
    }
  }

  return (
    <Alert variant="warning" role="note">
      <MailWarning aria-hidden="true" />
      <AlertTitle>E-mail não confirmado</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>Confirme seu e-mail antes de fazer login. Verifique sua caixa de entrada e spam.</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={send.isPending}
          onClick={() => void resend()}
        >
          {send.isPending ? 'Reenviando...' : 'Reenviar e-mail de confirmação'}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
