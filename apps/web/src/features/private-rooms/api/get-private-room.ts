import { queryOptions, useQuery } from '@tanstack/react-query';
import { privateRoomDetailSchema, type PrivateRoomDetail } from '@sorteio/shared';
import { api, isApiError } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

/** GET /api/private-rooms/:id: the room as the caller sees it (404 'Sala não encontrada.'). */
export function getPrivateRoom(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<PrivateRoomDetail> {
  return api(`/api/private-rooms/${encodeURIComponent(id)}`, {
    schema: privateRoomDetailSchema,
    ...options,
  });
}

export function privateRoomQueryOptions(id: string) {
  return queryOptions({
    queryKey: privateRoomKeys.detail(id),
    queryFn: ({ signal }) => getPrivateRoom(id, { signal }),
    // A missing room stays missing: no point asking again.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

export function usePrivateRoom(id: string) {
  return useQuery(privateRoomQueryOptions(id));
}
