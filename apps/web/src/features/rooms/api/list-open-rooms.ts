import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@sorteio/shared/rooms';
import { api } from '@/lib/api-client';
import { roomKeys } from './room-keys';

/** The rooms list is cached 30 s on the dashboard (spec 000 section 7). */
export const ROOMS_CACHE_MS = 30_000;
/** The participate list refreshes every 10 s (spec 000 sections 2 and 9). */
export const PARTICIPATE_REFRESH_MS = 10_000;

const roomsSchema = roomSchema.array();

/** GET /api/rooms: open rooms with free seats, newest first. */
export function listOpenRooms(options: { signal?: AbortSignal } = {}): Promise<Room[]> {
  return api('/api/rooms', { schema: roomsSchema, ...options });
}

export function openRoomsQueryOptions() {
  return queryOptions({
    queryKey: roomKeys.open(),
    queryFn: ({ signal }) => listOpenRooms({ signal }),
    staleTime: ROOMS_CACHE_MS,
  });
}

export function useOpenRooms(options: { refetchInterval?: number } = {}) {
  return useQuery({
    ...openRoomsQueryOptions(),
    ...(options.refetchInterval
      ? { refetchInterval: options.refetchInterval, staleTime: options.refetchInterval }
      : {}),
  });
}
