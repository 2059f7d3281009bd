import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

const drawResultSchema = z.object({
  result: z.enum(['drawn', 'cancelled', 'pending']),
  sorteioId: z.string().nullable(),
  motivo: z.string().nullable().optional(),
});
export type DrawResult = z.infer<typeof drawResultSchema>;

/** POST /api/private-rooms/:id/draw: once the room is closed with at least two paid seats. */
export function drawRoom(roomId: string): Promise<DrawResult> {
  return api(`/api/private-rooms/${encodeURIComponent(roomId)}/draw`, {
    method: 'POST',
    schema: drawResultSchema,
  });
}

export function useDrawRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: drawRoom,
    // A draw is final: never sent twice on its own.
    retry: false,
    onSettled: (_, __, roomId) =>
      queryClient.invalidateQueries({ queryKey: privateRoomKeys.detail(roomId) }),
  });
}
