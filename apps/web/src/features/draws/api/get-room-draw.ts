import { queryOptions, useQuery } from '@tanstack/react-query';
import { drawSummarySchema, type DrawSummary } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { drawKeys } from './draw-keys';

const roomDrawSchema = z.object({ draw: drawSummarySchema.nullable() });

/** Until the draw is out, or while its prize is being paid, it is read again this often. */
export const ROOM_DRAW_REFRESH_MS = 10_000;

/** GET /api/rooms/:id/draw (public): the room's draw, or null before it happens. */
export async function getRoomDraw(
  roomId: string,
  options: { signal?: AbortSignal } = {},
): Promise<DrawSummary | null> {
  const answer = await api(`/api/rooms/${encodeURIComponent(roomId)}/draw`, {
    schema: roomDrawSchema,
    ...options,
  });
  return answer.draw;
}

export function roomDrawQueryOptions(roomId: string) {
  return queryOptions({
    queryKey: drawKeys.room(roomId),
    queryFn: ({ signal }) => getRoomDraw(roomId, { signal }),
    // Live updates refetch it; polling covers a closed socket (the prize payment is announced
    // to the winner only).
    refetchInterval: (query) => {
      const draw = query.state.data;
      return draw === null || draw?.statusPagamentoPremio === 'pendente'
        ? ROOM_DRAW_REFRESH_MS
        : false;
    },
  });
}

export function useRoomDraw(roomId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...roomDrawQueryOptions(roomId), enabled: options.enabled ?? true });
}
