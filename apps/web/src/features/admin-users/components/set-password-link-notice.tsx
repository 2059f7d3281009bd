import { can, setPasswordLinkMessages } from '@sorteio/shared';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useResendSetPasswordLink } from '../api/resend-set-password-link';

/**
 * An account added by staff that has not set its password from the e-mailed link yet: it cannot
 * sign in. Whoever may add accounts sends a new link (the previous one stops working).
 */
export function SetPasswordLinkNotice({ userId, email }: { userId: string; email: string }) {
  const { user } = useAuth();
  const { notify } = useNotifications();
  const resend = useResendSetPasswordLink();
  const mayResend = can(user?.role, 'users.create');
  return (
    <div
      role="note"
      aria-label="Senha ainda não definida"
      className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <p>
        Esta pessoa ainda não definiu a senha pelo link enviado por e-mail e não consegue entrar.
      </p>
      {mayResend ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="w-fit"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(
              { userId },
              {
                onSuccess: (result) =>
                  notify({
                    type: result.sent ? 'success' : 'warning',
                    title: setPasswordLinkMessages.resent,
                    message: result.sent
                      ? setPasswordLinkMessages.sent(result.sentTo)
                      : setPasswordLinkMessages.notSent(email),
                  }),
                onError: (error) =>
                  notify({
                    type: 'error',
                    title: 'Erro ao reenviar o link',
                    message: errorMessageOf(error),
                  }),
              },
            )
          }
        >
          <MailCheck aria-hidden="true" />
          {resend.isPending ? 'Enviando...' : 'Reenviar link de senha'}
        </Button>
      ) : null}
    </div>
  );
}
