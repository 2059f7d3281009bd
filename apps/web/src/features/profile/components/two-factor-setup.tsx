import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeSchema } from '@sorteio/shared';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CopyButton } from '@/components/copy-button';
import { TotpCodeField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useConfirmTwoFactor, type TwoFactorSetup } from '../api/two-factor';
import { groupSecret, secretFromUri } from '../lib/totp';
import { QrImage } from './qr-image';

const codeSchema = z.object({ code: twoFactorCodeSchema });

export const INVALID_CODE = {
  title: 'Código inválido',
  message: 'O código informado está incorreto ou expirou.',
};

/** Step 2 of the setup: scan the QR code (or type the key) and confirm the first code. */
export function TwoFactorSetupCard({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: () => void;
  onCancel: () => void;
}) {
  const { notify } = useNotifications();
  const confirm = useConfirmTwoFactor();
  const secret = secretFromUri(setup.totpURI);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync({ code });
    } catch (error) {
      notify(
        isApiError(error) && error.status === 429
          ? { type: 'error', title: INVALID_CODE.title, message: error.message }
          : { type: 'error', ...INVALID_CODE },
      );
      return;
    }
    notify({
      type: 'success',
      title: '2FA Ativado',
      message: 'A partir de agora, o login pedirá um código do seu aplicativo autenticador.',
    });
    onEnabled();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Configurar autenticação em duas etapas</h2>
        </CardTitle>
        <CardDescription>
          Escaneie o QR code com um aplicativo autenticador (Google Authenticator, Microsoft
          Authenticator, Authy...) e digite o código de 6 dígitos que ele mostrar. Se o aplicativo
          está neste celular, toque em &quot;Abrir no app autenticador&quot;.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="flex flex-col items-center gap-3">
          <QrImage
            value={setup.totpURI}
            alt="QR code para configurar o 2FA no aplicativo autenticador"
          />
          {/* On a phone the QR code is on the very screen that would have to scan it: the link
              hands the otpauth:// URI to the authenticator app installed on the same phone. */}
          <Button asChild variant="outline" className="w-full">
            <a href={setup.totpURI}>
              <ExternalLink aria-hidden="true" />
              Abrir no app autenticador
            </a>
          </Button>
          {secret && (
            <div className="flex max-w-58 flex-col items-center gap-1 text-center">
              <span className="text-xs text-muted-foreground">
                Não consegue escanear? Digite esta chave no aplicativo:
              </span>
              <code
                aria-label="Chave secreta para configuração manual"
                className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all select-all"
              >
                {groupSecret(secret)}
              </code>
              {/* The key without the grouping spaces: some apps refuse a pasted key with spaces. */}
              <CopyButton
                value={secret}
                variant="ghost"
                size="sm"
                copiedTitle="Chave copiada"
                copiedMessage="Cole a chave no aplicativo autenticador e digite o código que ele mostrar."
                failureMessage="Selecione a chave e copie manualmente."
              >
                Copiar chave
              </CopyButton>
            </div>
          )}
        </div>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-1 flex-col gap-4"
        >
          <TotpCodeField
            id="two-factor-setup-code"
            error={errors.code?.message}
            controlClassName="text-center font-mono text-lg tracking-[0.4em]"
            registration={register('code')}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending}>
              <ShieldCheck aria-hidden="true" />
              {confirm.isPending ? 'Verificando...' : 'Ativar 2FA'}
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancelar
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
