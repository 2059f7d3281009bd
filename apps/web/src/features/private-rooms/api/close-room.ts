import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

/** POST /api/private-rooms/:id/close: no new joins from now on (creator only). */
export async function closeRoom(roomId: string): Promise<void> {
  await api(`/api/private-rooms/${encodeURIComponent(roomId)}/close`, { method: 'POST' });
}

export function useCloseRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeRoom,
    onSuccess: (_, roomId) =>
      queryClient.invalidateQueries({ queryKey: privateRoomKeys.detail(roomId) }),
  });
}
