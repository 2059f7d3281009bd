import {
  formatBRL,
  joinMessages,
  roomTypeLabel,
  type PaymentMethod,
  type Room,
} from '@sorteio/shared';
import { CircleAlert, QrCode, ShieldAlert, Wallet } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { paymentPageUrl } from '@/lib/payment-url';
import { forgetRoomToReturn, rememberRoomToReturn, roomToReturn } from '@/lib/return-to-room';
import { cn } from '@/lib/utils';
import { joinErrorMessage, useJoinRoom, type JoinRoomResult } from '../api/join-room';
import { RoomFacts, RoomName } from './room-facts';

/** Both balances in centavos (GET /api/wallet). */
export interface JoinBalances {
  /** Withdrawable: added by PIX and by prizes. */
  saldo: number;
  /** Platform credit: spent first on entries, never withdrawn. */
  cashback: number;
}

/** What the dialog needs from other parts of the app (composed in the route). */
export interface JoinDialogContext {
  /** From GET /api/profile; undefined while it loads. */
  isVerified: boolean | undefined;
  verificationError: Error | null;
  retryVerification: () => void;
  /** The profile fields the verification needs that are still empty (labels). */
  missingProfileFields?: string[];
  /** Undefined while it loads. */
  balances: JoinBalances | undefined;
  balanceError: Error | null;
}

export interface JoinDialogProps extends JoinDialogContext {
  room: Room;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onJoined?: (result: JoinRoomResult) => void;
}

/** Default payment method 'pix' (spec 000 section 9). */
const DEFAULT_METHOD: PaymentMethod = 'pix';

/** Where the room is, so the player can be brought back to it after the verification. */
function rememberRoom(room: Room) {
  rememberRoomToReturn({
    path: `/participate?sala_id=${encodeURIComponent(room.id)}`,
    name: `Sala ${roomTypeLabel(room.tipoSala)}`,
  });
}

function VerificationNeeded({
  room,
  missingProfileFields,
  onClose,
}: {
  room: Room;
  missingProfileFields: string[];
  onClose: () => void;
}) {
  // The join is refused until the identity is verified: remember the room for afterwards.
  useEffect(() => {
    rememberRoom(room);
  }, [room]);
  const profileFirst = missingProfileFields.length > 0;
  return (
    <>
      <DialogHeading
        title={
          <>
            <ShieldAlert aria-hidden="true" className="size-5 text-warning" />
            {joinMessages.notVerified}
          </>
        }
        description="Para participar dos sorteios você precisa verificar sua identidade."
        titleClassName="flex items-center gap-2"
      />
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Acesse o seu Perfil.</li>
        {profileFirst && (
          <li>
            Na aba Perfil, preencha primeiro:{' '}
            <strong className="font-semibold">
              {missingProfileFields.length > 1
                ? `${missingProfileFields.slice(0, -1).join(', ')} e ${missingProfileFields.at(-1)}`
                : missingProfileFields[0]}
            </strong>
            .
          </li>
        )}
        <li>Abra a aba Verificação.</li>
        <li>Envie uma foto do documento e uma selfie.</li>
      </ol>
      <p className="text-sm text-muted-foreground">A verificação automática é instantânea.</p>
      <p className="text-sm text-muted-foreground">
        Depois da aprovação, você poderá voltar para esta sala.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button asChild>
          <Link to="/profile?tab=verificacao">Verificar Agora</Link>
        </Button>
      </DialogFooter>
    </>
  );
}

function MethodOption({
  value,
  checked,
  onSelect,
  icon,
  title,
  children,
}: {
  value: PaymentMethod;
  checked: boolean;
  onSelect: (value: PaymentMethod) => void;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 gap-y-0.5 rounded-lg border p-3 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
        checked ? 'border-primary bg-secondary' : 'hover:bg-accent',
      )}
    >
      <input
        type="radio"
        name="metodo"
        value={value}
        checked={checked}
        onChange={() => {
          onSelect(value);
        }}
        className="row-span-2 mt-1 accent-primary"
      />
      <span className="flex items-center gap-2 font-medium">
        {icon}
        {title}
      </span>
      <span className="col-start-2 text-sm text-muted-foreground">{children}</span>
    </label>
  );
}

/** The entry paid from the balances: the Cashback first, then the Saldo (as the server does). */
function balanceSplit(valor: number, balances: JoinBalances) {
  const fromCashback = Math.min(balances.cashback, valor);
  return { fromCashback, fromSaldo: valor - fromCashback };
}

/** Second step of a payment from the balance: the amount and where it comes from. */
function ConfirmBalancePayment({
  room,
  balances,
  pending,
  onBack,
  onConfirm,
}: {
  room: Room;
  balances: JoinBalances;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { fromCashback, fromSaldo } = balanceSplit(room.valorEntrada, balances);
  return (
    <>
      <DialogHeading
        title="Confirmar pagamento"
        description={<>Pagar {formatBRL(room.valorEntrada)} com o seu Saldo?</>}
      />
      <dl className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            Entrada na <RoomName room={room} />
          </dt>
          <dd className="font-semibold tabular-nums">{formatBRL(room.valorEntrada)}</dd>
        </div>
        {fromCashback > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Do Cashback</dt>
            <dd className="tabular-nums">{formatBRL(fromCashback)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Do Saldo</dt>
          <dd className="tabular-nums">{formatBRL(fromSaldo)}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        O valor sai na hora e sua vaga é confirmada imediatamente.
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          Voltar
        </Button>
        <Button type="button" onClick={onConfirm} disabled={pending}>
          {pending ? 'Processando...' : 'Confirmar pagamento'}
        </Button>
      </DialogFooter>
    </>
  );
}

function JoinError({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>Erro ao participar</AlertTitle>
      <AlertDescription className="text-foreground">{message}</AlertDescription>
    </Alert>
  );
}

function JoinForm({
  room,
  balances,
  balanceError,
  onClose,
  onJoined,
}: {
  room: Room;
  balances: JoinBalances | undefined;
  balanceError: Error | null;
  onClose: () => void;
  onJoined: ((result: JoinRoomResult) => void) | undefined;
}) {
  const [metodo, setMetodo] = useState<PaymentMethod | null>(DEFAULT_METHOD);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const join = useJoinRoom();
  const { notify } = useNotifications();
  const navigate = useNavigate();

  const balance = balances ? balances.saldo + balances.cashback : undefined;
  const insufficient = metodo === 'balance' && balance !== undefined && balance < room.valorEntrada;
  const disabled =
    join.isPending ||
    metodo === null ||
    (metodo === 'balance' && (balance === undefined || insufficient));

  function send(method: PaymentMethod) {
    setError(null);
    join.mutate(
      { roomId: room.id, metodo: method },
      {
        onSuccess: (result) => {
          const { participation } = result;
          // In the room at last: no way back to offer any more.
          if (roomToReturn()?.path.includes(room.id)) forgetRoomToReturn();
          onJoined?.(result);
          onClose();
          if (participation.statusPagamento === 'confirmado') {
            notify({
              type: 'success',
              title: 'Participação Confirmada!',
              message: `Seu número da sorte: ${participation.numeroSorte}`,
            });
            return;
          }
          notify({
            type: 'success',
            title: '🎫 Participação Criada!',
            message: `Seu número da sorte: ${participation.numeroSorte}. Agora efetue o pagamento.`,
          });
          void navigate(paymentPageUrl(participation, result.room.tipoSala));
        },
        onError: (joinError) => {
          const message = joinErrorMessage(joinError);
          notify({ type: 'error', title: 'Erro ao participar', message });
          if (isApiError(joinError) && joinError.reason === 'NOT_VERIFIED') rememberRoom(room);
          // Nothing left to do here: the page now shows the seat or the full room.
          if (isApiError(joinError) && joinError.status === 409) {
            onClose();
            return;
          }
          // The error stays in the dialog, under the form, until the next try.
          setConfirming(false);
          setError(message);
        },
      },
    );
  }

  if (confirming && metodo === 'balance' && balances) {
    return (
      <ConfirmBalancePayment
        room={room}
        balances={balances}
        pending={join.isPending}
        onBack={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          send('balance');
        }}
      />
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (metodo === null) return;
        // Money leaves the balances at once: ask first, with the amount.
        if (metodo === 'balance') {
          setError(null);
          setConfirming(true);
          return;
        }
        send(metodo);
      }}
    >
      <DialogHeading
        title={
          <>
            Participar da <RoomName room={room} />
          </>
        }
        description="Confira a sala e escolha como pagar a entrada."
      />
      <RoomFacts room={room} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Forma de pagamento</legend>
        <MethodOption
          value="pix"
          checked={metodo === 'pix'}
          onSelect={setMetodo}
          icon={<QrCode aria-hidden="true" className="size-4" />}
          title="PIX"
        >
          QR Code ou Pix Copia e Cola. Sua vaga fica reservada até o prazo do PIX.
        </MethodOption>
        <MethodOption
          value="balance"
          checked={metodo === 'balance'}
          onSelect={setMetodo}
          icon={<Wallet aria-hidden="true" className="size-4" />}
          title="Saldo"
        >
          {balanceError
            ? 'Não foi possível carregar seu saldo.'
            : balances === undefined
              ? 'Carregando saldo...'
              : `Disponível: ${formatBRL(balances.saldo + balances.cashback)} (Saldo ${formatBRL(balances.saldo)} + Cashback ${formatBRL(balances.cashback)}). O Cashback é usado primeiro.`}
        </MethodOption>
      </fieldset>
      {insufficient && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {joinMessages.insufficient}{' '}
          <Link to="/cashback" className="underline underline-offset-4">
            Adicionar saldo
          </Link>
        </p>
      )}
      {error && <JoinError message={error} />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={disabled}>
          {join.isPending ? 'Processando...' : 'Participar'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The join dialog of spec 000 section 2: verification first, then the payment method. */
export function JoinDialog({
  room,
  open,
  onOpenChange,
  onJoined,
  isVerified,
  verificationError,
  retryVerification,
  missingProfileFields = [],
  balances,
  balanceError,
}: JoinDialogProps) {
  const close = () => {
    onOpenChange(false);
  };
  let body;
  if (verificationError) {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Participar</DialogTitle>
          <DialogDescription className="sr-only">Erro ao verificar a conta</DialogDescription>
        </DialogHeader>
        <LoadError
          title="Não foi possível verificar sua conta"
          message={verificationError.message}
          onRetry={retryVerification}
        />
      </>
    );
  } else if (isVerified === undefined) {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Participar</DialogTitle>
          <DialogDescription className="sr-only">Verificando sua conta</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center py-6">
          <Spinner label="Verificando sua conta..." showLabel />
        </div>
      </>
    );
  } else if (!isVerified) {
    body = (
      <VerificationNeeded room={room} missingProfileFields={missingProfileFields} onClose={close} />
    );
  } else {
    body = (
      <JoinForm
        room={room}
        balances={balances}
        balanceError={balanceError}
        onClose={close}
        onJoined={onJoined}
      />
    );
  }
  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      {body}
    </DialogShell>
  );
}
