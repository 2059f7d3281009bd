import { adminRoomSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { roomPath, useRoomMutation } from './admin-room-keys';

export const useSetRoomStatus = () =>
  useRoomMutation((input: { id: string; status: 'aberta' | 'fechada' }) =>
    api(`${roomPath(input.id)}/status`, {
      method: 'POST',
      body: { status: input.status },
      schema: adminRoomSchema,
    }),
  );
