import { queryOptions, useQuery } from '@tanstack/react-query';
import { privateInviteSchema } from '@sorteio/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

export type PrivateInvite = z.infer<typeof privateInviteSchema>;

/** GET /api/private-rooms/invite/:inviteCode (404 'Código de convite inválido'). */
export function getInvite(
  inviteCode: string,
  options: { signal?: AbortSignal } = {},
): Promise<PrivateInvite> {
  return api(`/api/private-rooms/invite/${encodeURIComponent(inviteCode)}`, {
    schema: privateInviteSchema,
    ...options,
  });
}

export function inviteQueryOptions(inviteCode: string) {
  return queryOptions({
    queryKey: privateRoomKeys.invite(inviteCode),
    queryFn: ({ signal }) => getInvite(inviteCode, { signal }),
    // The invite lookup does not retry (spec 001 section 8, application root).
    retry: false,
  });
}

export function useInvite(inviteCode: string) {
  return useQuery(inviteQueryOptions(inviteCode));
}
