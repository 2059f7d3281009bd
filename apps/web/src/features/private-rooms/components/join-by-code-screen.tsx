import { formatBRL, formatDateTime, privateRoomMessages, roomNameLabel } from '@sorteio/shared';
import { SearchX, Users } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { withReturnPath } from '@/lib/return-path';
import { useRoomByCode, type PrivateRoomByCode } from '../api/get-room-by-code';
import { ParticipantsList } from './participants-list';
import { Fact } from './fact';
import { JoinRoomButton } from './join-room-button';

function NotFound() {
  return (
    <StatusScreen
      icon={SearchX}
      title="Sala não encontrada"
      description="A sala privada não existe ou não está mais ativa."
      actions={
        <Button asChild>
          <Link to="/dashboard">Voltar ao Dashboard</Link>
        </Button>
      }
    />
  );
}

function JoinAction({ room, signedIn }: { room: PrivateRoomByCode; signedIn: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  if (!signedIn) {
    // Signing in (or signing up and confirming the e-mail) comes back to this room.
    const here = `${location.pathname}${location.search}`;
    return (
      <div className="flex w-full flex-col items-center gap-3 text-center">
        <p>Faça login para participar desta sala</p>
        <Button asChild>
          <Link to={withReturnPath('/login', here)}>Fazer Login</Link>
        </Button>
        <p className="text-sm text-muted-foreground">
          Ainda não tem conta?{' '}
          <Link
            to={withReturnPath('/register', here)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Criar conta
          </Link>
        </p>
      </div>
    );
  }
  if (room.alreadyIn) {
    return (
      <Alert variant="info">
        <AlertTitle>{privateRoomMessages.alreadyIn}</AlertTitle>
      </Alert>
    );
  }
  if (room.full) {
    return (
      <Alert variant="warning">
        <AlertTitle>Esta sala está cheia</AlertTitle>
      </Alert>
    );
  }
  return (
    <JoinRoomButton
      roomCode={room.roomCode}
      size="lg"
      className="w-full"
      onJoined={() => void navigate(`/private-room/${room.id}`)}
    />
  );
}

/** /private-room?code= (spec 001 section 2, Join by code screen). Public. */
export function JoinByCodeScreen({ code, userId }: { code: string; userId: string | null }) {
  const query = useRoomByCode(code, userId, code.trim() !== '');
  if (code.trim() === '') return <NotFound />;
  if (query.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center p-8">
        <Spinner label="Carregando sala privada..." showLabel />
      </div>
    );
  }
  if (query.isError) return <NotFound />;
  const room = query.data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Card>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle className="text-2xl">
              <h1>{roomNameLabel(room.roomName)}</h1>
            </CardTitle>
            <Badge variant={room.full ? 'destructive' : 'success'}>
              {room.full ? 'Sala Cheia' : 'Vagas Disponíveis'}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Código: <span className="font-mono font-semibold text-foreground">{room.roomCode}</span>
          </p>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <Fact
              icon={<Users aria-hidden="true" className="size-3.5" />}
              label="Participantes"
              value={`${room.currentParticipants}/${room.maxParticipants}`}
            />
            <Fact label="Valor da Entrada" value={formatBRL(room.entryValue)} />
            <Fact label="Prêmio Total" value={formatBRL(room.prizeTotal)} />
            <Fact label="Criada em" value={formatDateTime(room.createdAt)} />
          </dl>
        </CardContent>
        <CardFooter>
          <JoinAction room={room} signedIn={userId !== null} />
        </CardFooter>
      </Card>
      <ParticipantsList
        participants={room.participants.map((p, index) => ({
          key: `${p.luckyNumber}-${String(index)}`,
          luckyNumber: p.luckyNumber,
          joinedAt: p.joinedAt,
        }))}
      />
    </div>
  );
}
