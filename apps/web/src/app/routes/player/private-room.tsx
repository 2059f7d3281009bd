import { useParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { ServiceMaintenanceNotice } from '@/components/service-maintenance-notice';
import { PageTitle } from '@/components/page-title';
import { DrawReveal } from '@/features/draws/components/room-draw-result';
import {
  MissingRoomId,
  PrivateRoomScreen,
} from '@/features/private-rooms/components/private-room-screen';
import { useAuth } from '@/lib/auth/use-auth';

/** Private room detail with chat and payment (spec 001 section 2, Private room detail). */
export default function PrivateRoomPage() {
  // The route's param is named roomCode but carries the room's id (router.tsx).
  const { roomCode: roomId } = useParams();
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  return (
    <>
      <PageTitle title="Sala privada" />
      <ServiceMaintenanceNotice services={['payment-pix', 'draws']} />
      {roomId ? (
        <PrivateRoomScreen
          key={roomId}
          roomId={roomId}
          currentUserId={user?.id ?? null}
          // The same draw moment as public rooms: countdown, then the result and the proof.
          renderResult={(detail) => (
            <DrawReveal
              draw={detail.draw}
              waiting={detail.draw === null}
              drawing={detail.room.sala.status === 'sorteando'}
              participation={detail.myParticipation}
            />
          )}
        />
      ) : (
        <MissingRoomId />
      )}
    </>
  );
}
