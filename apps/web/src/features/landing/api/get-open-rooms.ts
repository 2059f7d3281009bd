import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@sorteio/shared/rooms';
import { api } from '@/lib/api-client';
import { landingKeys } from './get-platform-stats';

const roomsSchema = roomSchema.array();

/** GET /api/public/rooms for the landing (a live 'room' event refetches the landing's keys). */
export function landingRoomsQueryOptions() {
  return queryOptions({
    queryKey: landingKeys.rooms(),
    queryFn: ({ signal }): Promise<Room[]> =>
      api('/api/public/rooms', { schema: roomsSchema, signal }),
  });
}

export function useLandingRooms() {
  return useQuery(landingRoomsQueryOptions());
}
