import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

/** POST /api/private-rooms/:id/pay-with-balance (reason INSUFFICIENT_BALANCE). */
export async function payWithBalance(roomId: string): Promise<void> {
  await api(`/api/private-rooms/${encodeURIComponent(roomId)}/pay-with-balance`, {
    method: 'POST',
  });
}

export function usePayWithBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithBalance,
    // Money moves: never sent twice on its own.
    retry: false,
    onSuccess: (_, roomId) =>
      queryClient.invalidateQueries({ queryKey: privateRoomKeys.detail(roomId) }),
  });
}
