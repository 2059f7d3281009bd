import { adminRoomSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { roomPath, useRoomMutation } from './admin-room-keys';

export const useSetRoomStatus = () =>
  useRoomMutation((input: { id: string; status: 'aberta' | 'fechada' }) =>
    send('POST', `${roomPath(input.id)}/status`, { status: input.status }, adminRoomSchema),
  );
