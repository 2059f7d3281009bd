import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@sorteio/shared';
import { api, isApiError } from '@/lib/api-client';
import { roomKeys } from './room-keys';

/** GET /api/rooms/:id (404 'Sala não encontrada'). */
export function getRoom(id: string, options: { signal?: AbortSignal } = {}): Promise<Room> {
  return api(`/api/rooms/${encodeURIComponent(id)}`, { schema: roomSchema, ...options });
}

export function roomQueryOptions(id: string) {
  return queryOptions({
    queryKey: roomKeys.detail(id),
    queryFn: ({ signal }) => getRoom(id, { signal }),
    // Seats fill while the person reads the room.
    staleTime: 10_000,
    refetchInterval: 10_000,
  });
}

export function useRoom(id: string) {
  return useQuery(roomQueryOptions(id));
}

/** A malformed id is refused with 400 and an unknown one with 404: both mean "no such room". */
export function isRoomNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
