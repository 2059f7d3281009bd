import { formatBRL, joinMessages, type PaymentMethod, type Room } from '@sorteio/shared';
import { QrCode, ShieldAlert, Wallet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { paymentPageUrl } from '@/lib/payment-url';
import { cn } from '@/lib/utils';
import { joinErrorMessage, useJoinRoom, type JoinRoomResult } from '../api/join-room';
import { RoomFacts, RoomName } from './room-facts';

/** What the dialog needs from other parts of the app (composed in the route). */
export interface JoinDialogContext {
  /** From GET /api/profile; undefined while it loads. */
  isVerified: boolean | undefined;
  verificationError: Error | null;
  retryVerification: () => void;
  /** Saldo + Cashback in centavos (GET /api/wallet); undefined while it loads. */
  balance: number | undefined;
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

function VerificationNeeded({ onClose }: { onClose: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-5 text-warning" />
          {joinMessages.notVerified}
        </DialogTitle>
        <DialogDescription>
          Para participar dos sorteios você precisa verificar sua identidade.
        </DialogDescription>
      </DialogHeader>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Acesse o seu Perfil.</li>
        <li>Abra a aba Verificação.</li>
        <li>Envie uma foto do documento e uma selfie.</li>
      </ol>
      <p className="text-sm text-muted-foreground">A verificação automática é instantânea.</p>
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

function JoinForm({
  room,
  balance,
  balanceError,
  onClose,
  onJoined,
}: {
  room: Room;
  balance: number | undefined;
  balanceError: Error | null;
  onClose: () => void;
  onJoined: ((result: JoinRoomResult) => void) | undefined;
}) {
  const [metodo, setMetodo] = useState<PaymentMethod | null>(DEFAULT_METHOD);
  const join = useJoinRoom();
  const { notify } = useNotifications();
  const navigate = useNavigate();

  const insufficient = metodo === 'balance' && balance !== undefined && balance < room.valorEntrada;
  const disabled =
    join.isPending ||
    metodo === null ||
    (metodo === 'balance' && (balance === undefined || insufficient));

  function submit() {
    if (metodo === null) return;
    join.mutate(
      { roomId: room.id, metodo },
      {
        onSuccess: (result) => {
          const { participation } = result;
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
        onError: (error) => {
          notify({ type: 'error', title: 'Erro ao participar', message: joinErrorMessage(error) });
          // Nothing left to do here: the page now shows the seat or the full room.
          if (isApiError(error) && error.status === 409) onClose();
        },
      },
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>
          Participar da <RoomName room={room} />
        </DialogTitle>
        <DialogDescription>Confira a sala e escolha como pagar a entrada.</DialogDescription>
      </DialogHeader>
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
            : balance === undefined
              ? 'Carregando saldo...'
              : `Seu saldo: ${formatBRL(balance)} (o cashback é usado primeiro)`}
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
  balance,
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
    body = <VerificationNeeded onClose={close} />;
  } else {
    body = (
      <JoinForm
        room={room}
        balance={balance}
        balanceError={balanceError}
        onClose={close}
        onJoined={onJoined}
      />
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{body}</DialogContent>
    </Dialog>
  );
}
