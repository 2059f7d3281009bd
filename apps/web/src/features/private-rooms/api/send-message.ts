import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatMessageSchema, type ChatMessage } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { privateRoomKeys } from './private-room-keys';

/** POST /api/private-rooms/:id/messages (429 with the server's text when sending too fast). */
export function sendMessage(input: { roomId: string; message: string }): Promise<ChatMessage> {
  return send(
    'POST',
    `/api/private-rooms/${encodeURIComponent(input.roomId)}/messages`,
    { message: input.message },
    chatMessageSchema,
  );
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    retry: false,
    onSuccess: (message, input) => {
      queryClient.setQueryData<ChatMessage[]>(privateRoomKeys.messages(input.roomId), (old) =>
        old?.some((m) => m.id === message.id) ? old : [...(old ?? []), message],
      );
    },
  });
}
