import {
  formatDateTime,
  joinMessages,
  type Participation,
  type Room,
  type RoomStatus,
} from '@sorteio/shared';
import { CircleCheck, CircleSlash, Ticket, Undo2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paymentPageUrl } from '@/lib/payment-url';
import { useMyParticipation } from '../api/get-my-participation';
import { isRoomNotFound, useRoom } from '../api/get-room';
import { CommitmentNote } from './commitment-note';
import { RoomFacts, RoomName } from './room-facts';
import { LuckyNumber } from '@/components/lucky-number';

function AlreadyIn({ participation, room }: { participation: Participation; room: Room }) {
  const pending = participation.statusPagamento === 'pendente';
  return (
    <Alert variant="success" role="status">
      <CircleCheck aria-hidden="true" />
      <AlertTitle>{joinMessages.alreadyIn}</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>
          Seu número da sorte:{' '}
          <LuckyNumber value={participation.numeroSorte} className="text-base font-bold" />
        </p>
        {pending && (
          <>
            <p className="text-muted-foreground">
              O pagamento ainda não foi confirmado.
              {participation.expiresAt &&
                ` Sua vaga fica reservada até ${formatDateTime(participation.expiresAt)}.`}
            </p>
            {participation.metodoPagamento === 'pix' && (
              <Button asChild size="sm" className="mt-1">
                <Link to={paymentPageUrl(participation, room.tipoSala)}>Pagar agora</Link>
              </Button>
            )}
          </>
        )}
      </AlertDescription>
    </Alert>
  );
}

function Unavailable({ text }: { text: string }) {
  return (
    <Alert variant="warning" role="status">
      <CircleSlash aria-hidden="true" />
      <AlertTitle>{text}</AlertTitle>
    </Alert>
  );
}

/** After the draw the page shows the result; the seat is only a reminder of the number. */
const drawnStatuses: readonly RoomStatus[] = ['sorteada', 'finalizada'];

function PlayedIn({ participation }: { participation: Participation }) {
  return (
    <Alert role="status">
      <Ticket aria-hidden="true" />
      <AlertTitle>Você participou deste sorteio</AlertTitle>
      <AlertDescription>
        <p>
          Seu número da sorte:{' '}
          <LuckyNumber
            value={participation.numeroSorte}
            className="text-base font-bold text-foreground"
          />
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** A cancelled room is never drawn; every confirmed entry went back to the Saldo. */
function Cancelled() {
  return (
    <Alert variant="info" role="status">
      <Undo2 aria-hidden="true" />
      <AlertTitle>Sala cancelada: as entradas foram reembolsadas no saldo.</AlertTitle>
      <AlertDescription>
        <Link
          to="/cashback"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Ver meu saldo
        </Link>
      </AlertDescription>
    </Alert>
  );
}

function JoinArea({
  room,
  mine,
  renderJoin,
}: {
  room: Room;
  mine: ReturnType<typeof useMyParticipation>;
  renderJoin: (room: Room) => ReactNode;
}) {
  if (mine.isPending) return <Spinner label="Verificando participação..." showLabel />;
  if (mine.isError) {
    return (
      <LoadError
        title="Não foi possível verificar sua participação"
        message={mine.error.message}
        onRetry={() => void mine.refetch()}
      />
    );
  }
  if (drawnStatuses.includes(room.status)) {
    return mine.data ? <PlayedIn participation={mine.data} /> : null;
  }
  if (mine.data) return <AlreadyIn participation={mine.data} room={room} />;
  if (room.participantesAtual >= room.maxParticipantes) {
    return <Unavailable text="Esta sala está cheia!" />;
  }
  if (room.status !== 'aberta') return <Unavailable text={joinMessages.notOpen} />;
  return renderJoin(room);
}

export function RoomNotFound() {
  return (
    <Card className="items-center px-6 py-12 text-center">
      <CircleSlash aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-bold">{joinMessages.notFound}</h1>
      <p className="text-muted-foreground">
        A sala pode ter sido encerrada ou o endereço está incorreto.
      </p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button asChild variant="outline">
          <Link to="/participate">Ver Outras Salas</Link>
        </Button>
        <Button asChild>
          <Link to="/dashboard">Ver Salas Disponíveis</Link>
        </Button>
      </div>
    </Card>
  );
}

/**
 * One room (spec 000 section 2, /participate?sala_id=): its figures, the draw commitment and what
 * the person can do: see their seat, nothing (full, closed) or join through `renderJoin`. Once
 * drawn, `renderResult` shows the draw; a cancelled room says its entries were refunded.
 */
export function RoomDetail({
  roomId,
  renderJoin,
  renderResult,
}: {
  roomId: string;
  renderJoin: (room: Room) => ReactNode;
  /** The draw's result, given the room and the caller's seat (null: none; undefined: loading). */
  renderResult?: (room: Room, participation: Participation | null | undefined) => ReactNode;
}) {
  const room = useRoom(roomId);
  const cancelled = room.data?.status === 'cancelada';
  const mine = useMyParticipation(roomId, { enabled: room.isSuccess && !cancelled });

  if (room.isPending) {
    return (
      <>
        <h1 className="sr-only">Participar</h1>
        <div className="flex justify-center py-12">
          <Spinner label="Carregando sala..." showLabel />
        </div>
      </>
    );
  }
  if (room.isError) {
    if (isRoomNotFound(room.error)) {
      return <RoomNotFound />;
    }
    return (
      <>
        <h1 className="sr-only">Participar</h1>
        <LoadError
          title="Erro ao carregar sala"
          message={room.error.message}
          onRetry={() => void room.refetch()}
        />
      </>
    );
  }

  const data = room.data;
  return (
    <Card>
      <CardHeader>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Users aria-hidden="true" className="size-6 text-primary" />
          <RoomName room={data} />
        </h1>
        <p className="text-sm text-muted-foreground">
          Pague a entrada, receba seu número da sorte e acompanhe o sorteio.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {cancelled ? <Cancelled /> : renderResult?.(data, mine.data)}
        <RoomFacts room={data} live />
        <CommitmentNote commitment={data.commitment} />
        {!cancelled && <JoinArea room={data} mine={mine} renderJoin={renderJoin} />}
      </CardContent>
    </Card>
  );
}
