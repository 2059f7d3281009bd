import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatMessageSchema, type ChatMessage } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

/** Live {type:'chat'} messages refetch at once; this poll is the fallback. */
export const CHAT_REFRESH_MS = 15_000;

/** GET /api/private-rooms/:id/messages: oldest first (403 for non-members). */
export function listMessages(
  roomId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ChatMessage[]> {
  return api(`/api/private-rooms/${encodeURIComponent(roomId)}/messages`, {
    schema: z.array(chatMessageSchema),
    ...options,
  });
}

export function messagesQueryOptions(roomId: string) {
  return queryOptions({
    queryKey: privateRoomKeys.messages(roomId),
    queryFn: ({ signal }) => listMessages(roomId, { signal }),
    refetchInterval: CHAT_REFRESH_MS,
  });
}

export function useMessages(roomId: string, enabled: boolean) {
  return useQuery({ ...messagesQueryOptions(roomId), enabled });
}
