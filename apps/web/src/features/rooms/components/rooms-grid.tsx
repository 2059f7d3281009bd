import { RefreshCw, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PARTICIPATE_REFRESH_MS, useOpenRooms } from '../api/list-open-rooms';
import { NoRooms } from './no-rooms';
import { RoomFacts, RoomName } from './room-facts';

/** Open rooms as cards on /participate, refreshed every 10 s (spec 000 section 2). */
export function RoomsGrid() {
  const rooms = useOpenRooms({ refetchInterval: PARTICIPATE_REFRESH_MS });

  if (rooms.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Carregando salas disponíveis..." showLabel />
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
      <NoRooms>
        <Button variant="outline" disabled={rooms.isFetching} onClick={() => void rooms.refetch()}>
          <RefreshCw aria-hidden="true" className={rooms.isFetching ? 'animate-spin' : ''} />
          Atualizar
        </Button>
      </NoRooms>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rooms.data.map((room) => {
        const titleId = `sala-${room.id}`;
        return (
          <li key={room.id}>
            <Card className="h-full gap-4">
              <CardHeader>
                <h2 id={titleId} className="text-lg font-semibold">
                  <RoomName room={room} />
                </h2>
              </CardHeader>
              <CardContent>
                <RoomFacts room={room} />
              </CardContent>
              <CardFooter className="mt-auto">
                <Button asChild className="w-full">
                  <Link to={`/participate?sala_id=${room.id}`} aria-describedby={titleId}>
                    <Ticket aria-hidden="true" />
                    Participar
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
