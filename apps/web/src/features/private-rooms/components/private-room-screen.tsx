import type { PrivateRoomDetail } from '@sorteio/shared';
import { SearchX, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackButton } from '@/components/back-button';
import { CopyButton } from '@/components/copy-button';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { StatusScreen } from '@/components/status-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { usePrivateRoom } from '../api/get-private-room';
import { CreatorControls, creatorStage } from './creator-controls';
import { JoinRoomButton } from './join-room-button';
import { ParticipantsList } from './participants-list';
import { PaymentCard } from './payment-card';
import { roomDisplayName } from './private-room-card';
import { RoomChat } from './room-chat';
import { RoomEditForm } from './room-edit-form';
import { ShareInviteButton } from './share-invite-button';

export const NOT_MEMBER_NOTICE = 'Você precisa participar da sala para ver as opções de pagamento';

const backToList = <BackButton to="/private-rooms" label="Voltar às salas privadas" />;

/**
 * A seat for whoever has none yet while the room takes entries: the creator may play in their own
 * room, and anyone who opened it may join (the same atomic join as the code screen).
 */
function TakeSeat({ detail }: { detail: PrivateRoomDetail }) {
  const { room } = detail;
  return (
    <Alert variant="info">
      <Ticket aria-hidden="true" />
      <AlertTitle>
        {detail.isCreator
          ? 'Você criou esta sala e também pode participar do sorteio.'
          : NOT_MEMBER_NOTICE}
      </AlertTitle>
      <AlertDescription className="text-foreground">
        <p>
          Entre na sala para receber seu número da sorte e pagar a entrada por PIX ou com seu saldo.
        </p>
        <JoinRoomButton roomCode={room.roomCode} size="sm" className="mt-2" />
      </AlertDescription>
    </Alert>
  );
}

/** The private room detail of spec 001 section 2, for the room with id `roomId`. */
export function PrivateRoomScreen({
  roomId,
  currentUserId,
  renderResult,
}: {
  roomId: string;
  currentUserId: string | null;
  /** The draw's countdown and result, given the room as the caller sees it. */
  renderResult?: (detail: PrivateRoomDetail) => ReactNode;
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
              <Link to="/private-rooms">Voltar às salas privadas</Link>
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
  const open = creatorStage(detail) === 'open';
  const seatFree = open && room.currentParticipants < room.maxParticipants;
  let seat: ReactNode;
  if (detail.myParticipation || detail.myPayment) {
    seat = detail.myPayment && participacaoId && (
      <PaymentCard room={room} payment={detail.myPayment} participacaoId={participacaoId} />
    );
  } else if (seatFree) {
    seat = <TakeSeat detail={detail} />;
  } else if (!detail.isMember) {
    seat = (
      <Alert variant="info">
        <AlertTitle>{NOT_MEMBER_NOTICE}</AlertTitle>
      </Alert>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      {backToList}
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
        <div className="flex items-center gap-1 text-sm">
          <span className="text-muted-foreground">Código:</span>
          <span className="font-mono font-semibold">{room.roomCode}</span>
          <CopyButton
            variant="ghost"
            value={room.roomCode}
            label="Copiar código da sala"
            copiedTitle="Código copiado!"
          />
        </div>
        {detail.isMember && open && (
          <ShareInviteButton
            className="mt-2 w-fit"
            invite={{ name, entryValue: room.entryValue, inviteLink: room.inviteLink }}
          />
        )}
      </header>

      {renderResult?.(detail)}

      {detail.canEdit && <RoomEditForm room={room} />}
      {detail.isCreator && <CreatorControls detail={detail} />}

      {seat}

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
          <Link to="/private-rooms">Voltar às salas privadas</Link>
        </Button>
      }
    />
  );
}
