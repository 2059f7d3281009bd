import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participationSchema, privateRoomMessages, type Participation } from '@sorteio/shared';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';
import type { NotificationInput } from '@/lib/notifications/notification-context';
import { rememberRoomToReturn } from '@/lib/return-to-room';
import { privateRoomKeys } from './private-room-keys';

/** Only the seat is read from the answer; the page already knows the private room's id. */
const joinResultSchema = z.object({ participation: participationSchema });

export type JoinTarget = { by: 'code'; code: string } | { by: 'invite'; inviteCode: string };

/**
 * POST /api/private-rooms/by-code/:code/join or /api/private-rooms/invite/:inviteCode/join.
 */
export async function joinPrivateRoom(target: JoinTarget): Promise<Participation> {
  const path =
    target.by === 'code'
      ? `/api/private-rooms/by-code/${encodeURIComponent(target.code.trim().toUpperCase())}/join`
      : `/api/private-rooms/invite/${encodeURIComponent(target.inviteCode)}/join`;
  const result = await api(path, { method: 'POST', schema: joinResultSchema });
  return result.participation;
}

export function useJoinPrivateRoom() {
  const queryClient = useQueryClient();
  const location = useLocation();
  return useMutation({
    mutationFn: joinPrivateRoom,
    // A seat is taken: never sent twice on its own.
    retry: false,
    onError: (error) => {
      // Refused until the identity is verified: this page is where to come back afterwards.
      if (isApiError(error) && error.reason === 'NOT_VERIFIED')
        rememberRoomToReturn({ path: location.pathname + location.search, name: 'sala privada' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: privateRoomKeys.all }),
  });
}

/** The toasts of spec 001 section 8 for a refused join. */
export function joinErrorToast(error: unknown): NotificationInput {
  if (isApiError(error) && error.reason === 'ALREADY_JOINED') {
    return { type: 'warning', title: 'Aviso', message: privateRoomMessages.alreadyIn };
  }
  if (isApiError(error) && error.reason === 'ROOM_FULL') {
    return { type: 'error', title: 'Erro', message: privateRoomMessages.full };
  }
  return {
    type: 'error',
    title: 'Erro ao entrar na sala',
    message: error instanceof Error ? error.message : 'Tente novamente.',
  };
}
