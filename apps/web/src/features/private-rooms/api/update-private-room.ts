import { useMutation, useQueryClient } from '@tanstack/react-query';
import { privateRoomSchema, type PrivateRoom } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

/** PUT /api/private-rooms/:id (the server answers 403 to anyone but the creator). */
export function updatePrivateRoom(input: {
  id: string;
  roomName: string;
  customName: string | null;
}): Promise<PrivateRoom> {
  const { id, ...body } = input;
  return send('PUT', `/api/private-rooms/${encodeURIComponent(id)}`, body, privateRoomSchema);
}

export function useUpdatePrivateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivateRoom,
    onSuccess: (_room, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: privateRoomKeys.detail(input.id) }),
        queryClient.invalidateQueries({ queryKey: privateRoomKeys.mine() }),
      ]),
  });
}
