import type { Room } from '@sorteio/shared/rooms';

/** At or below this share of free seats (or this many seats) a room shows 'Últimas vagas'. */
const LAST_SEATS_SHARE = 0.2;
const LAST_SEATS_COUNT = 3;

export function freeSeats(room: Pick<Room, 'participantesAtual' | 'maxParticipantes'>): number {
  return Math.max(0, room.maxParticipantes - room.participantesAtual);
}

/** An open room with few seats left (20 % of them, or 3, whichever is more), not yet full. */
export function isNearlyFull(
  room: Pick<Room, 'participantesAtual' | 'maxParticipantes' | 'status'>,
): boolean {
  const free = freeSeats(room);
  if (room.status !== 'aberta' || free === 0) return false;
  return free <= Math.max(LAST_SEATS_COUNT, Math.floor(room.maxParticipantes * LAST_SEATS_SHARE));
}

/** The share of seats taken, 0..100, rounded down (a room is 100 % only when full). */
export function filledPercent(room: Pick<Room, 'participantesAtual' | 'maxParticipantes'>) {
  if (room.maxParticipantes <= 0) return 0;
  return Math.min(100, Math.floor((room.participantesAtual / room.maxParticipantes) * 100));
}

/** The address of a public room's own page. */
export const publicRoomPath = (id: string) => `/salas/${id}`;
