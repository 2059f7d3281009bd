import { queryOptions, useQuery } from '@tanstack/react-query';
import { myParticipationSchema, type Participation } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { roomKeys } from './room-keys';

/** GET /api/rooms/:id/my-participation: the caller's active or confirmed seat, if any. */
export async function getMyParticipation(
  roomId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Participation | null> {
  const answer = await api(`/api/rooms/${encodeURIComponent(roomId)}/my-participation`, {
    schema: myParticipationSchema,
    ...options,
  });
  return answer.participation;
}

export function myParticipationQueryOptions(roomId: string) {
  return queryOptions({
    queryKey: roomKeys.myParticipation(roomId),
    queryFn: ({ signal }) => getMyParticipation(roomId, { signal }),
    staleTime: 0,
  });
}

export function useMyParticipation(roomId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...myParticipationQueryOptions(roomId), enabled: options.enabled ?? true });
}
