import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@sorteio/shared/rooms';
import { api } from '@/lib/api-client';
import { roomKeys } from './room-keys';

const roomsSchema = roomSchema.array();

/** GET /api/public/rooms: the open rooms, for visitors too. */
export function listPublicRooms(options: { signal?: AbortSignal } = {}): Promise<Room[]> {
  return api('/api/public/rooms', { schema: roomsSchema, ...options });
}

/** GET /api/public/rooms/:id: one public room, for visitors too (404 for anything else). */
export function getPublicRoom(id: string, options: { signal?: AbortSignal } = {}): Promise<Room> {
  return api(`/api/public/rooms/${encodeURIComponent(id)}`, { schema: roomSchema, ...options });
}

// Under the rooms keys: a live 'room' event (anonymous sockets get them too) refetches these.
export function publicRoomsQueryOptions() {
  return queryOptions({
    queryKey: roomKeys.publicList(),
    queryFn: ({ signal }) => listPublicRooms({ signal }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

export function publicRoomQueryOptions(id: string) {
  return queryOptions({
    queryKey: roomKeys.publicDetail(id),
    queryFn: ({ signal }) => getPublicRoom(id, { signal }),
    staleTime: 10_000,
    // The live connection is the first source; polling is the fallback when it is down.
    refetchInterval: 30_000,
  });
}

export function usePublicRooms() {
  return useQuery(publicRoomsQueryOptions());
}

export function usePublicRoom(id: string) {
  return useQuery(publicRoomQueryOptions(id));
}
