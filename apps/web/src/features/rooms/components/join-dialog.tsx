import { type Room } from '@sorteio/shared';
import { LoadError } from '@/components/load-error';
import { DialogShell } from '@/components/dialog-shell';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { type JoinRoomResult } from '../api/join-room';
import { type JoinBalances } from './confirm-balance-payment';
import { JoinForm } from './join-form';
import { VerificationNeeded } from './join-verification-needed';

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
