import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  joinMessages,
  joinRoomResultSchema,
  type PaymentMethod,
  type Participation,
  type Room,
} from '@sorteio/shared';
import { isApiError, newIdempotencyKey, send } from '@/lib/api-client';
import { roomKeys } from './room-keys';

export interface JoinRoomResult {
  participation: Participation;
  room: Room;
}

/**
 * POST /api/rooms/:id/join: one atomic join on the server (DESIGN.md section 4), under a key made
 * for this join: sent again when its outcome is unknown, it takes at most one seat.
 */
export function joinRoom(input: {
  roomId: string;
  metodo: PaymentMethod;
  idempotencyKey?: string;
}): Promise<JoinRoomResult> {
  return send(
    'POST',
    `/api/rooms/${encodeURIComponent(input.roomId)}/join`,
    { metodo: input.metodo },
    joinRoomResultSchema,
    { idempotencyKey: input.idempotencyKey ?? newIdempotencyKey() },
  );
}

/** The spec's texts (spec 000 section 8) for the reasons the server gives. */
const reasonMessages: Record<string, string> = {
  ROOM_NOT_OPEN: joinMessages.notOpen,
  ROOM_FULL: joinMessages.full,
  ALREADY_JOINED: joinMessages.alreadyIn,
  INSUFFICIENT_BALANCE: joinMessages.insufficient,
};

export function joinErrorMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : 'Tente novamente.';
  if (error.status === 401) return joinMessages.notAuthenticated;
  return (error.reason && reasonMessages[error.reason]) || error.message;
}

export function useJoinRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRoom,
    // Money moves: one call per action; only the API client sends it again, under the same key.
    retry: false,
    onSuccess: (result) => {
      queryClient.setQueryData(roomKeys.detail(result.room.id), result.room);
      queryClient.setQueryData(roomKeys.myParticipation(result.room.id), result.participation);
      void queryClient.invalidateQueries({ queryKey: roomKeys.open() });
    },
    onError: (error, input) => {
      // The room or the seat changed under the person: show the server's picture.
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: roomKeys.detail(input.roomId) });
        void queryClient.invalidateQueries({ queryKey: roomKeys.myParticipation(input.roomId) });
      }
    },
  });
}
