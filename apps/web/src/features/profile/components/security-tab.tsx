import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeSchema } from '@sorteio/shared';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PasswordField, TotpCodeField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogFooter } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { ActiveSessionsCard } from './active-sessions-card';
import { ChangePasswordCard } from './change-password-card';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { safeReturnPath } from '@/lib/return-path';
import {
  useDisableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
  type TwoFactorSetup,
} from '../api/two-factor';
import { BackupCodes } from './backup-codes';
import { LoadError, LoadingBlock } from './load-states';
import { INVALID_CODE, TwoFactorSetupCard } from './two-factor-setup';

/**
 * Two-factor authentication (spec 000 section 4, done for real per DESIGN.md section 8): password,
 * QR code, first code checked by the server, backup codes shown once; or turn it off with a code.
 */
export function SecurityTab() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  // Held only in memory, and dropped when the person confirms they saved them.
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const next = safeReturnPath(searchParams.get('next'));
  const { notify } = useNotifications();

  if (backupCodes) {
    return (
      <BackupCodes
        codes={backupCodes}
        onDone={() => {
          setBackupCodes(null);
          // Only now is the setup complete: a code was checked and the backup codes were kept.
          notify({
            type: 'success',
            title: '2FA Configurado',
            message: 'Pronto: o login pedirá o código do aplicativo autenticador.',
          });
          // Staff sent here by the admin guard go back to the page they were opening.
          if (next) void navigate(next, { replace: true });
        }}
      />
    );
  }
  if (setup) {
    return (
      <TwoFactorSetupCard
        setup={setup}
        onCancel={() => {
          setSetup(null);
        }}
        onEnabled={() => {
          setBackupCodes(setup.backupCodes);
          setSetup(null);
        }}
      />
    );
  }

  const enabled = status.data?.enabled === true;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>
              <h2>Autenticação em duas etapas (2FA)</h2>
            </CardTitle>
            {status.data && (
              <Badge variant={enabled ? 'success' : 'secondary'}>
                {enabled ? 'Ativo' : 'Inativo'}
              </Badge>
            )}
          </div>
          <CardDescription>
            Além da senha, o login pede um código do aplicativo autenticador do seu celular. Mesmo
            que alguém descubra sua senha, não conseguirá entrar.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {status.isPending ? (
            <LoadingBlock label="Carregando 2FA..." />
          ) : status.isError ? (
            <LoadError message={status.error.message} onRetry={() => void status.refetch()} />
          ) : enabled ? (
            <DisableTwoFactorForm />
          ) : (
            <>
              {status.data.pendingSetup && (
                <Alert variant="info" role="note">
                  <KeyRound aria-hidden="true" />
                  <AlertDescription className="text-foreground">
                    Uma configuração foi iniciada e não foi concluída. Comece de novo para gerar um
                    novo QR code.
                  </AlertDescription>
                </Alert>
              )}
              <StartSetupDialog onStarted={setSetup} />
            </>
          )}
        </CardContent>
      </Card>
      <ChangePasswordCard />
      <ActiveSessionsCard />
    </div>
  );
}

const passwordSchema = z.object({ password: z.string().min(1, { error: 'Informe sua senha.' }) });

function StartSetupDialog({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const [open, setOpen] = useState(false);
  const { notify } = useNotifications();
  const start = useStartTwoFactorSetup();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    let setup: TwoFactorSetup;
    try {
      setup = await start.mutateAsync({ password });
    } catch (error) {
      const message =
        isApiError(error) && error.reason === 'INVALID_PASSWORD'
          ? 'Senha incorreta.'
          : errorMessageOf(error);
      notify({ type: 'error', title: 'Erro ao configurar 2FA', message });
      return;
    }
    reset();
    setOpen(false);
    // Nothing is configured yet (only a secret exists): the next screen says what to do, and
    // '2FA Configurado' waits for a code the server has checked.
    onStarted(setup);
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button className="w-full sm:w-fit">
          <ShieldCheck aria-hidden="true" />
          Configurar 2FA
        </Button>
      }
    >
      <DialogHeading
        title="Confirme sua senha para configurar o 2FA"
        description="Por segurança, confirme que é você antes de gerar o QR code."
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <PasswordField
          id="two-factor-password"
          label="Senha"
          error={errors.password?.message}
          autoComplete="current-password"
          registration={register('password')}
        />
        <DialogFooter>
          <Button type="submit" disabled={start.isPending} aria-busy={start.isPending}>
            {start.isPending ? 'Verificando...' : 'Continuar'}
          </Button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}

const disableSchema = z.object({ code: twoFactorCodeSchema });

function DisableTwoFactorForm() {
  const { notify } = useNotifications();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(disableSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await disable.mutateAsync({ code });
    } catch (error) {
      const wrongCode =
        isApiError(error) && (error.reason === 'INVALID_CODE' || error.code === 'VALIDATION_ERROR');
      notify(
        wrongCode
          ? { type: 'error', ...INVALID_CODE }
          : { type: 'error', title: 'Erro ao desativar 2FA', message: errorMessageOf(error) },
      );
      return;
    }
    reset();
    notify({
      type: 'success',
      title: '2FA Desativado',
      message: 'O login voltará a pedir apenas e-mail e senha.',
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-lg border p-4"
    >
      <p className="text-sm text-muted-foreground">
        Para desativar, digite o código atual do seu aplicativo autenticador.
      </p>
      <TotpCodeField
        id="two-factor-disable-code"
        error={errors.code?.message}
        controlClassName="max-w-48 font-mono tracking-[0.3em]"
        registration={register('code')}
      />
      <SubmitButton
        variant="destructive"
        className="w-full sm:w-fit"
        busy={disable.isPending}
        icon={ShieldOff}
        busyLabel="Desativando..."
      >
        Desativar 2FA
      </SubmitButton>
    </form>
  );
}
