import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PrivateInvite, privateInviteSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

export type { PrivateInvite };

/** GET /api/private-rooms/invite/:inviteCode, signed in or not (404 'Código de convite inválido'). */
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
