import { Lock } from 'lucide-react';
import { BackButton } from '@/components/back-button';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { usePrivateRooms } from '../api/list-private-rooms';
import { CreateRoomButton } from './create-room-dialog';
import { PrivateRoomCard } from './private-room-card';

export const PRIVATE_ROOMS_TITLE = 'Minhas salas privadas';

/** /private-rooms (spec 001 section 2, Private rooms list). */
export function PrivateRoomsScreen() {
  const rooms = usePrivateRooms();
  let body;
  if (rooms.isPending) {
    body = <PageSpinner label="Carregando salas..." />;
  } else if (rooms.isError) {
    body = (
      <LoadError
        title={`Erro ao carregar salas: ${rooms.error.message}`}
        onRetry={() => void rooms.refetch()}
      />
    );
  } else if (rooms.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-10 text-center">
        <Lock aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-lg font-semibold">Nenhuma sala criada</p>
        <CreateRoomButton label="Criar Primeira Sala" />
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rooms.data.map((room) => (
          <li key={room.id}>
            <PrivateRoomCard room={room} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <BackButton />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{PRIVATE_ROOMS_TITLE}</h1>
        <CreateRoomButton />
      </div>
      {body}
    </div>
  );
}
