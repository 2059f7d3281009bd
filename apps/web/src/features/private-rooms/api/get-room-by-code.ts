import { queryOptions, useQuery } from '@tanstack/react-query';
import { privateRoomByCodeSchema } from '@sorteio/shared';
import type { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

export type PrivateRoomByCode = z.infer<typeof privateRoomByCodeSchema>;

/** GET /api/private-rooms/by-code/:code (public). The lookup uppercases the code (spec 001 section 5). */
export function getRoomByCode(
  code: string,
  options: { signal?: AbortSignal } = {},
): Promise<PrivateRoomByCode> {
  return api(`/api/private-rooms/by-code/${encodeURIComponent(code.trim().toUpperCase())}`, {
    schema: privateRoomByCodeSchema,
    ...options,
  });
}

/** `userId` is part of the key: 'alreadyIn' depends on who asks. */
export function roomByCodeQueryOptions(code: string, userId: string | null) {
  return queryOptions({
    queryKey: privateRoomKeys.byCode(code.trim().toUpperCase(), userId),
    queryFn: ({ signal }) => getRoomByCode(code, { signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

export function useRoomByCode(code: string, userId: string | null, enabled = true) {
  return useQuery({ ...roomByCodeQueryOptions(code, userId), enabled });
}
