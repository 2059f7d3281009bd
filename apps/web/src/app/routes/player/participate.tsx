import { useSearchParams } from 'react-router';
import { BackButton } from '@/components/back-button';
import { ServiceMaintenanceNotice } from '@/components/service-maintenance-notice';
import { PageTitle } from '@/components/page-title';
import { RoomDrawResult } from '@/features/draws/components/room-draw-result';
import { RoomDetail } from '@/features/rooms/components/room-detail';
import { RoomsGrid } from '@/features/rooms/components/rooms-grid';
import { JoinRoomAction } from './join-room-action';

/** Open rooms, or one room with ?sala_id (spec 000 section 2, Participate). */
export default function ParticipatePage() {
  const [searchParams] = useSearchParams();
  const roomId = searchParams.get('sala_id');
  return (
    <>
      <PageTitle title="Participar" />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        <BackButton />
        <ServiceMaintenanceNotice
          services={['payment-pix', 'draws']}
          className="max-w-none px-0 pt-0"
        />
        {roomId ? (
          <div className="mx-auto w-full max-w-2xl">
            <RoomDetail
              key={roomId}
              roomId={roomId}
              renderJoin={(room) => <JoinRoomAction room={room} />}
              renderResult={(room, participation) => (
                <RoomDrawResult
                  roomId={room.id}
                  roomStatus={room.status}
                  participation={participation}
                />
              )}
            />
          </div>
        ) : (
          <>
            <div>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Participar</h1>
              <p className="mt-1 text-muted-foreground">
                Escolha uma sala aberta, pague a entrada e receba seu número da sorte.
              </p>
            </div>
            <RoomsGrid />
          </>
        )}
      </div>
    </>
  );
}
