import { formatBRL, joinMessages, type PaymentMethod, type Room } from '@sorteio/shared';
import { CircleAlert, QrCode, Wallet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { DialogHeading } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { paymentPageUrl } from '@/lib/payment-url';
import { forgetRoomToReturn, roomToReturn } from '@/lib/return-to-room';
import { cn } from '@/lib/utils';
import { joinErrorMessage, useJoinRoom, type JoinRoomResult } from '../api/join-room';
import { rememberRoom } from '../lib/remember-room';
import { ConfirmBalancePayment, type JoinBalances } from './confirm-balance-payment';
import { RoomFacts, RoomName } from './room-facts';

/** Default payment method 'pix' (spec 000 section 9). */
const DEFAULT_METHOD: PaymentMethod = 'pix';

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

function JoinError({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>Erro ao participar</AlertTitle>
      <AlertDescription className="text-foreground">{message}</AlertDescription>
    </Alert>
  );
}

/** The payment step of the join: the room, the method and, from the balance, a confirmation. */
export function JoinForm({
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
