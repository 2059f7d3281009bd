import { roomTypeLabel } from '@sorteio/shared/format';
import type { Room } from '@sorteio/shared/rooms';
import { LogIn, SearchX, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ShareButtons } from '@/components/share-buttons';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { withReturnPath } from '@/lib/return-path';
import { isRoomNotFound } from '../api/get-room';
import { usePublicRoom, usePublicRooms } from '../api/get-public-room';
import { publicRoomPath } from '../lib/seats';
import { CommitmentNote } from './commitment-note';
import { DrawCountdown } from './draw-countdown';
import { NoRooms } from './no-rooms';
import { RoomFacts, RoomName } from './room-facts';
import { SeatsProgress } from './seats-progress';

/**
 * 'Participar': a signed-in player goes to the room's join screen; a visitor signs in (or signs
 * up from there) and comes back to this room's page.
 */
function JoinLink({ room, describedBy }: { room: Room; describedBy?: string }) {
  const { user } = useAuth();
  const target = user
    ? `/participate?sala_id=${room.id}`
    : withReturnPath('/login', publicRoomPath(room.id));
  return (
    <Button asChild size="lg" className="w-full">
      <Link to={target} aria-describedby={describedBy}>
        {user ? <Ticket aria-hidden="true" /> : <LogIn aria-hidden="true" />}
        Participar
      </Link>
    </Button>
  );
}

function roomIsOpen(room: Room) {
  return room.status === 'aberta' && room.participantesAtual < room.maxParticipantes;
}

/** The open rooms as cards linking to their pages (/salas), for visitors and players. */
export function PublicRoomsList() {
  const rooms = usePublicRooms();
  if (rooms.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Carregando salas disponíveis..." showLabel />
      </div>
    );
  if (rooms.isError)
    return (
      <LoadError
        title={`Erro ao buscar salas: ${rooms.error.message}`}
        onRetry={() => void rooms.refetch()}
      />
    );
  if (rooms.data.length === 0) return <NoRooms />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rooms.data.map((room) => {
        const titleId = `sala-${room.id}`;
        return (
          <li key={room.id}>
            <Card className="h-full gap-4">
              <CardHeader>
                <h2 id={titleId} className="text-lg font-semibold">
                  <Link to={publicRoomPath(room.id)} className="underline-offset-4 hover:underline">
                    <RoomName room={room} />
                  </Link>
                </h2>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <SeatsProgress
                  room={room}
                  label={`Vagas vendidas da sala ${roomTypeLabel(room.tipoSala)}`}
                />
                <RoomFacts room={room} live showBar={false} />
                {room.dataSorteio && <DrawCountdown date={room.dataSorteio} />}
              </CardContent>
              <CardFooter className="mt-auto">
                <Button asChild variant="outline" className="w-full">
                  <Link to={publicRoomPath(room.id)} aria-describedby={titleId}>
                    Ver sala
                  </Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** One public room's shareable page (/salas/:id), live while the socket is up. */
export function PublicRoomView({ roomId }: { roomId: string }) {
  const room = usePublicRoom(roomId);
  if (room.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Carregando sala..." showLabel />
      </div>
    );
  if (room.isError) {
    if (isRoomNotFound(room.error))
      return (
        <Card className="items-center px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <h1 className="text-lg font-semibold">Sala não encontrada</h1>
          <Button asChild variant="outline">
            <Link to="/salas">Ver Salas Disponíveis</Link>
          </Button>
        </Card>
      );
    return (
      <LoadError
        title={`Erro ao buscar sala: ${room.error.message}`}
        onRetry={() => void room.refetch()}
      />
    );
  }
  const data = room.data;
  const url = `${window.location.origin}${publicRoomPath(data.id)}`;
  const open = roomIsOpen(data);
  return (
    <Card className="gap-5">
      <CardHeader className="gap-1">
        <h1 id="sala-titulo" className="text-2xl font-bold tracking-tight">
          <RoomName room={data} />
        </h1>
        <p className="text-sm text-muted-foreground">
          Pague a entrada, receba seu número da sorte e acompanhe o sorteio verificável.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <SeatsProgress room={data} label="Vagas vendidas" />
        <RoomFacts room={data} live showBar={false} />
        {data.dataSorteio && data.status === 'aberta' && <DrawCountdown date={data.dataSorteio} />}
        {!open && (
          <Alert variant="warning" role="status">
            <AlertTitle>
              {data.status === 'aberta' ? 'Esta sala está cheia!' : 'Inscrições encerradas'}
            </AlertTitle>
            <AlertDescription>
              <Link to="/salas" className="font-medium underline underline-offset-4">
                Ver Outras Salas
              </Link>
            </AlertDescription>
          </Alert>
        )}
        <CommitmentNote commitment={data.commitment} />
      </CardContent>
      <CardFooter className="flex flex-col items-stretch gap-4">
        {open && <JoinLink room={data} describedBy="sala-titulo" />}
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">Chame seus amigos para esta sala</p>
          <ShareButtons
            url={url}
            message={`Participe comigo da Sala ${roomTypeLabel(data.tipoSala)} no Sorteio Certo:`}
          />
        </div>
      </CardFooter>
    </Card>
  );
}
