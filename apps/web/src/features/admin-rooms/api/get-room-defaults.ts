import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomFormDefaultsSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminRoomKeys } from './admin-room-keys';

/** GET /api/admin/rooms/defaults: what 'Nova Sala' starts with (the fee from the settings). */
export const roomDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminRoomKeys.all, 'defaults'] as const,
    queryFn: ({ signal }) =>
      api('/api/admin/rooms/defaults', { schema: roomFormDefaultsSchema, signal }),
  });
export const useRoomDefaults = (enabled: boolean) =>
  useQuery({ ...roomDefaultsQueryOptions(), enabled });
