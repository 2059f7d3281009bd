import { formatDate, formatDecimalBRL, roomNameLabel, type PrivateRoom } from '@sorteio/shared';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ShareInviteButton } from './share-invite-button';
import { plural } from '@/lib/plural';

/**
 * The name a room shows: the custom name when there is one, with its first letter in upper case
 * ('churrasco da firma' -> 'Churrasco da firma'); the stored name is kept as typed.
 */
export function roomDisplayName(room: Pick<PrivateRoom, 'roomName' | 'customName'>): string {
  return roomNameLabel(room.customName || room.roomName);
}

/** One of the caller's rooms on /private-rooms (spec 001 section 2). */
export function PrivateRoomCard({ room }: { room: PrivateRoom }) {
  const name = roomDisplayName(room);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-4 text-muted-foreground" />
          <span>
            {room.currentParticipants}/{room.maxParticipants}{' '}
            {plural(room.maxParticipants, 'participante', 'participantes')}
          </span>
        </p>
        <p>Entrada: R$ {formatDecimalBRL(room.entryValue)}</p>
        <p className="text-muted-foreground">Criada em {formatDate(room.createdAt)}</p>
        <div className="flex items-center gap-1">
          <span className="text-muted-foreground">Código:</span>
          <span className="font-mono font-semibold">{room.roomCode}</span>
          <CopyButton
            variant="ghost"
            value={room.roomCode}
            label={`Copiar código da sala ${name}`}
            copiedTitle="Código copiado!"
          />
        </div>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/private-room/${room.id}`}>Acessar</Link>
        </Button>
        <ShareInviteButton
          invite={{ name, entryValue: room.entryValue, inviteLink: room.inviteLink }}
        />
        <CopyButton
          variant="ghost"
          value={room.inviteLink}
          label={`Copiar link de convite da sala ${name}`}
          copiedTitle="Link copiado!"
        />
      </CardFooter>
    </Card>
  );
}
