import { queryOptions, useQuery } from '@tanstack/react-query';
import { myParticipationSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { drawKeys } from './draw-keys';

/**
 * GET /api/rooms/:id/my-participation: whether the signed-in player held a seat in the proof's
 * room. Public rooms only (a private room answers 404: its members reach it from the room page).
 */
export function mySeatQueryOptions(roomId: string, userId: string) {
  return queryOptions({
    queryKey: drawKeys.mySeat(roomId, userId),
    queryFn: ({ signal }) =>
      api(`/api/rooms/${encodeURIComponent(roomId)}/my-participation`, {
        schema: myParticipationSchema,
        signal,
      }),
    retry: false,
  });
}

export function useMySeat(roomId: string, userId: string | null) {
  return useQuery({ ...mySeatQueryOptions(roomId, userId ?? ''), enabled: userId !== null });
}
