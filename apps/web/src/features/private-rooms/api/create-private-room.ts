import { useMutation, useQueryClient } from '@tanstack/react-query';
import { privateRoomSchema, type PrivateRoom } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

export interface CreatePrivateRoomBody {
  roomName: string;
  /** Centavos. */
  entryValue: number;
  maxParticipants: number;
}

/** POST /api/private-rooms. */
export function createPrivateRoom(body: CreatePrivateRoomBody): Promise<PrivateRoom> {
  return api('/api/private-rooms', { method: 'POST', body, schema: privateRoomSchema });
}

export function useCreatePrivateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrivateRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privateRoomKeys.mine() }),
  });
}
