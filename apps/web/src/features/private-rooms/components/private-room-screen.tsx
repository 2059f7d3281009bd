import { SearchX, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BackButton } from '@/components/back-button';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { StatusScreen } from '@/components/status-screen';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { usePrivateRoom } from '../api/get-private-room';
import { CopyButton } from './copy-button';
import { CreatorControls } from './creator-controls';
import { ParticipantsList } from './participants-list';
import { PaymentCard } from './payment-card';
import { roomDisplayName } from './private-room-card';
import { RoomChat } from './room-chat';
import { RoomEditForm } from './room-edit-form';

export const NOT_MEMBER_NOTICE = 'Você precisa participar da sala para ver as opções de pagamento';

const backToList = <BackButton to="/private-rooms" label="Voltar às Salas Privadas" />;

/** The private room detail of spec 001 section 2, for the room with id `roomId`. */
export function PrivateRoomScreen({
  roomId,
  currentUserId,
}: {
  roomId: string;
  currentUserId: string | null;
}) {
  const query = usePrivateRoom(roomId);
  if (query.isPending) return <PageSpinner label="Carregando sala..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <StatusScreen
          icon={SearchX}
          title="Sala não encontrada."
          actions={
            <Button asChild variant="outline">
              <Link to="/private-rooms">Voltar às Salas Privadas</Link>
            </Button>
          }
        />
      );
    }
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
        <LoadError
          title="Erro ao carregar sala"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }

  const detail = query.data;
  const { room } = detail;
  const name = roomDisplayName(room);
  const participacaoId = detail.myParticipation?.id ?? detail.myPayment?.participantId;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      {backToList}
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
        <div className="flex items-center gap-1 text-sm">
          <span className="text-muted-foreground">Código:</span>
          <span className="font-mono font-semibold">{room.roomCode}</span>
          <CopyButton
            text={room.roomCode}
            label="Copiar código da sala"
            toastTitle="Código copiado!"
          />
        </div>
      </header>

      {detail.drawId && (
        <Alert variant="success">
          <ShieldCheck aria-hidden="true" />
          <AlertTitle>
            <Link className="underline" to={`/sorteios/${detail.drawId}`}>
              Ver verificação do sorteio
            </Link>
          </AlertTitle>
        </Alert>
      )}

      {detail.canEdit && <RoomEditForm room={room} />}
      {detail.isCreator && <CreatorControls detail={detail} />}

      {detail.isMember ? (
        detail.myPayment &&
        participacaoId && (
          <PaymentCard room={room} payment={detail.myPayment} participacaoId={participacaoId} />
        )
      ) : (
        <Alert variant="info">
          <AlertTitle>{NOT_MEMBER_NOTICE}</AlertTitle>
        </Alert>
      )}

      <ParticipantsList
        participants={detail.participants.map((p) => ({
          key: p.id,
          luckyNumber: p.luckyNumber,
          joinedAt: p.joinedAt,
          firstName: p.firstName,
          paid: p.paid,
        }))}
      />

      {detail.isMember && (
        <RoomChat roomId={room.id} roomName={name} currentUserId={currentUserId} />
      )}
    </div>
  );
}

/** The route had no id. */
export function MissingRoomId() {
  return (
    <StatusScreen
      icon={SearchX}
      title="ID da sala não encontrado"
      actions={
        <Button asChild variant="outline">
          <Link to="/private-rooms">Voltar às Salas Privadas</Link>
        </Button>
      }
    />
  );
}
