/**
 * The live events a room's change produces, addressed to who may see them: a public room's seats
 * and draw go to everyone; a private room's go to its members (creator and everyone who ever held a
 * seat) and staff, named by the private room's own id — its backing record id never leaves the
 * server on the socket.
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { participacoes, privateRooms, salas } from '../db/schema';
import { CHANNEL, type LiveEvent } from './realtime';

export type RoomChange =
  { kind: 'seats' } | { kind: 'draw'; drawId: string | null; result: 'drawn' | 'cancelled' };

export async function roomChangeEvents(
  db: Db,
  salaId: string,
  change: RoomChange,
): Promise<LiveEvent[]> {
  const [room] = await db
    .select({
      participantesAtual: salas.participantesAtual,
      maxParticipantes: salas.maxParticipantes,
      status: salas.status,
      privateRoomId: privateRooms.id,
      creatorId: privateRooms.creatorId,
    })
    .from(salas)
    .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
    .where(eq(salas.id, salaId));
  if (!room) return [];
  if (room.privateRoomId && room.creatorId) {
    const seats = await db
      .selectDistinct({ userId: participacoes.userId })
      .from(participacoes)
      .where(eq(participacoes.salaId, salaId));
    const memberIds = [...new Set([room.creatorId, ...seats.map((s) => s.userId)])];
    return [
      {
        type: 'private-room',
        roomId: room.privateRoomId,
        memberIds,
        change: change.kind === 'draw' ? 'draw' : 'seats',
      },
    ];
  }
  const seatsEvent: LiveEvent = {
    type: 'room',
    roomId: salaId,
    participantesAtual: room.participantesAtual,
    maxParticipantes: room.maxParticipantes,
    status: room.status,
  };
  if (change.kind === 'seats') return [seatsEvent];
  return [
    { type: 'draw', roomId: salaId, drawId: change.drawId, result: change.result },
    seatsEvent,
  ];
}

/**
 * A public room's seats event as an SQL expression on its row, for the RETURNING of the statement
 * that counts a seat: the NOTIFY then goes out with the transaction's commit (never for a rolled
 * back join), in commit order, with the count the seat wrote, and costs no statement of its own.
 * The same event `roomChangeEvents` builds for { kind: 'seats' } of a public room.
 */
export function publicRoomSeatsNotice(): SQL {
  return sql`pg_notify(${CHANNEL}, json_build_object(
    'type', 'room',
    'roomId', ${salas.id},
    'participantesAtual', ${salas.participantesAtual},
    'maxParticipantes', ${salas.maxParticipantes},
    'status', ${salas.status})::text)`;
}
