import { zodResolver } from '@hookform/resolvers/zod';
import { formatBRL, moneyTerms, pixKeyTypeLabels, type PixKeyType } from '@sorteio/shared';
import { CircleAlert, Send, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { InputField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { maskPixKey } from '../lib/mask-pix-key';
import { reaisAmount } from '../lib/reais-amount';

/** What the withdrawal needs from the profile (GET /api/profile, composed in the route). */
export interface WithdrawProfile {
  chavePix: string | null;
  chavePixTipo: PixKeyType | null;
  isVerified: boolean;
}

export interface WithdrawAccount {
  /** undefined while the profile loads. */
  profile: WithdrawProfile | undefined;
  profileError: Error | null;
  retryProfile: () => void;
}

/**
 * The amount as typed in reais. The limits are server settings an administrator can change: the
 * hint shows the ones the wallet answer carries, and the server checks them (its message is shown).
 */
export const withdrawFormSchema = z.object({
  valor: reaisAmount(
    '50,00',
    z.number().int().positive({ error: 'Informe um valor maior que zero.' }),
  ),
});

/**
 * The Saldo known on the screen is checked before the confirmation is asked (the server checks it
 * again). null when the amount fits or the Saldo is not known yet.
 */
export function withdrawBalanceError(valor: number, saldo: number | undefined): string | null {
  if (saldo === undefined || valor <= saldo) return null;
  return saldo > 0
    ? `Saldo insuficiente para este saque: você pode sacar até ${formatBRL(saldo)}. O Cashback não pode ser sacado.`
    : 'Seu Saldo está zerado: não há valor para sacar. O Cashback não pode ser sacado.';
}

function withdrawErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : 'Tente novamente.';
}

/** Verification and a PIX key come first (the server refuses without them). */
function MissingRequirements({ profile }: { profile: WithdrawProfile }) {
  return (
    <Alert variant="warning" role="status">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>Antes de sacar</AlertTitle>
      <AlertDescription className="text-foreground">
        <ul className="flex flex-col gap-2">
          {!profile.isVerified && (
            <li className="flex flex-col items-start gap-1">
              <span>Verifique sua identidade antes de sacar.</span>
              <Link
                to="/profile?tab=verificacao"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Verificar identidade
              </Link>
            </li>
          )}
          {!profile.chavePix && (
            <li className="flex flex-col items-start gap-1">
              <span>Cadastre sua chave PIX no perfil antes de sacar.</span>
              <Link
                to="/profile?tab=perfil"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Cadastrar chave PIX
              </Link>
            </li>
          )}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/** The withdrawal limits in centavos, as the server applies them. */
export interface WithdrawLimits {
  min: number;
  max: number;
}

function WithdrawForm({
  chavePix,
  chavePixTipo,
  saldo,
  limits,
  onWithdrawn,
}: {
  chavePix: string;
  chavePixTipo: PixKeyType | null;
  saldo: number | undefined;
  limits: WithdrawLimits | undefined;
  onWithdrawn: (() => void) | undefined;
}) {
  const { notify } = useNotifications();
  const withdraw = useRequestWithdrawal();
  const maskedKey = maskPixKey(chavePix, chavePixTipo);
  // The amount waiting for the person's confirmation, and whether the question is open.
  const [amount, setAmount] = useState(0);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The server's refusal, shown under the form until the next attempt.
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors },
  } = useForm<z.input<typeof withdrawFormSchema>, unknown, z.output<typeof withdrawFormSchema>>({
    resolver: zodResolver(withdrawFormSchema),
    defaultValues: { valor: '' },
  });

  // Money leaves the Saldo: first the amount and the destination, then the request.
  const onSubmit = handleSubmit(({ valor }) => {
    setError(null);
    const short = withdrawBalanceError(valor, saldo);
    if (short) {
      setFieldError('valor', { type: 'balance', message: short }, { shouldFocus: true });
      return;
    }
    setAmount(valor);
    setConfirmOpen(true);
  });

  async function confirm(valor: number) {
    setConfirmOpen(false);
    try {
      await withdraw.mutateAsync({ valor });
      notify({
        type: 'success',
        title: 'Saque solicitado',
        message: 'Você receberá o PIX em instantes.',
      });
      reset({ valor: '' });
      onWithdrawn?.();
    } catch (withdrawError) {
      setError(withdrawErrorMessage(withdrawError));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <dl className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">
            Chave PIX de destino{chavePixTipo ? ` (${pixKeyTypeLabels[chavePixTipo]})` : ''}
          </dt>
          <dd className="font-mono font-medium break-all">{maskedKey}</dd>
        </div>
        {saldo !== undefined && (
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted-foreground">{moneyTerms.withdrawable}</dt>
            <dd className="font-semibold tabular-nums">{formatBRL(saldo)}</dd>
          </div>
        )}
      </dl>
      <InputField
        id="withdraw-valor"
        label="Valor do saque (R$)"
        hint={
          limits
            ? `Mínimo de ${formatBRL(limits.min)} e máximo de ${formatBRL(limits.max)} por saque.`
            : undefined
        }
        error={errors.valor?.message}
        inputMode="decimal"
        autoComplete="off"
        placeholder="Ex.: 50,00"
        registration={register('valor')}
      />
      <p className="text-xs text-muted-foreground">
        Para mudar a chave de destino, edite seu{' '}
        <Link to="/profile?tab=perfil" className="underline underline-offset-4">
          perfil
        </Link>
        .
      </p>
      <Button type="submit" disabled={withdraw.isPending} className="w-full sm:w-fit">
        <Send aria-hidden="true" />
        {withdraw.isPending ? 'Enviando...' : 'Solicitar saque'}
      </Button>
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Erro ao sacar</AlertTitle>
          <AlertDescription className="text-foreground">{error}</AlertDescription>
        </Alert>
      )}
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Confirmar saque"
        description={
          <>
            Sacar {formatBRL(amount)} para a chave PIX {maskedKey}?
          </>
        }
        cancelLabel="Voltar"
        confirmLabel="Confirmar saque"
        onConfirm={() => {
          void confirm(amount);
        }}
      >
        <p className="text-sm text-muted-foreground">
          O valor sai do seu Saldo agora e chega por PIX em instantes. O Cashback não pode ser
          sacado.
        </p>
      </ConfirmDialog>
    </form>
  );
}

/** 'Sacar por PIX': the Saldo (never the Cashback) to the person's own PIX key. */
export function WithdrawCard({
  account,
  saldo,
  limits,
  onWithdrawn,
}: {
  account: WithdrawAccount;
  /** The Saldo in centavos, when known. */
  saldo?: number | undefined;
  /** The limits the server applies, when known (from the wallet answer). */
  limits?: WithdrawLimits | undefined;
  onWithdrawn?: () => void;
}) {
  const { profile, profileError, retryProfile } = account;
  let content;
  if (profile) {
    content =
      profile.isVerified && profile.chavePix ? (
        <WithdrawForm
          chavePix={profile.chavePix}
          chavePixTipo={profile.chavePixTipo}
          saldo={saldo}
          limits={limits}
          onWithdrawn={onWithdrawn}
        />
      ) : (
        <MissingRequirements profile={profile} />
      );
  } else if (profileError) {
    content = (
      <LoadError
        title="Erro ao carregar seus dados de saque"
        message={profileError.message}
        onRetry={retryProfile}
      />
    );
  } else {
    content = <Spinner label="Carregando seus dados de saque..." showLabel />;
  }

  return (
    <Card aria-labelledby="withdraw-title" role="region">
      <CardHeader>
        <h2 id="withdraw-title" className="text-lg font-semibold">
          Sacar por PIX
        </h2>
        <CardDescription>
          Só o Saldo pode ser sacado. O Cashback é usado nas entradas e não pode ser sacado.
        </CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
