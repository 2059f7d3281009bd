import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useOpenRooms } from '../api/list-open-rooms';
import { RoomFacts, RoomName } from './room-facts';

const SHOWN = 6;

/** The dashboard's list of open rooms (spec 000 section 2), each leading to its page. */
export function OpenRoomsList() {
  const rooms = useOpenRooms();

  if (rooms.isPending) {
    return (
      <div className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Carregando salas...
        </span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (rooms.isError) {
    return (
      <LoadError
        title={`Erro ao buscar salas: ${rooms.error.message}`}
        onRetry={() => void rooms.refetch()}
      />
    );
  }
  if (rooms.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 py-8 text-center">
        <Ticket aria-hidden="true" className="mb-2 size-8 text-muted-foreground" />
        <p className="font-semibold">Nenhuma sala encontrada</p>
        <p className="text-sm text-muted-foreground">Não há salas abertas no momento</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {rooms.data.slice(0, SHOWN).map((room) => (
          <li key={room.id}>
            <Link
              to={`/participate?sala_id=${room.id}`}
              className="flex flex-col gap-3 rounded-lg border bg-card p-4 transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="font-semibold">
                <RoomName room={room} />
              </span>
              <RoomFacts room={room} live />
            </Link>
          </li>
        ))}
      </ul>
      {rooms.data.length > SHOWN && (
        <Link
          to="/participate"
          className="self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Ver todas as salas
        </Link>
      )}
    </div>
  );
}
