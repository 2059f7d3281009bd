import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoomSchema } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminRoomKeys } from './admin-room-keys';

/** GET /api/admin/rooms: every room, newest first. */
export const adminRoomsQueryOptions = () =>
  queryOptions({
    queryKey: adminRoomKeys.all,
    queryFn: ({ signal }) => api('/api/admin/rooms', { schema: z.array(adminRoomSchema), signal }),
  });
export const useAdminRooms = () => useQuery(adminRoomsQueryOptions());
