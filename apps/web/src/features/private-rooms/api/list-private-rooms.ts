import { queryOptions, useQuery } from '@tanstack/react-query';
import { privateRoomSchema, type PrivateRoom } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

/** GET /api/private-rooms: the caller's own rooms, newest first. */
export function listPrivateRooms(options: { signal?: AbortSignal } = {}): Promise<PrivateRoom[]> {
  return api('/api/private-rooms', { schema: z.array(privateRoomSchema), ...options });
}

export function privateRoomsQueryOptions() {
  return queryOptions({
    queryKey: privateRoomKeys.mine(),
    queryFn: ({ signal }) => listPrivateRooms({ signal }),
  });
}

export function usePrivateRooms() {
  return useQuery(privateRoomsQueryOptions());
}
