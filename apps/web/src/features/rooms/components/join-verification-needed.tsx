import { joinMessages, type Room } from '@sorteio/shared';
import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DialogHeading } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { rememberRoom } from '../lib/remember-room';

/** The dialog's step for a player not verified yet: what to fill in and where to verify. */
export function VerificationNeeded({
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
