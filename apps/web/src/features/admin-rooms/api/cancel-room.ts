import { z } from 'zod';
import { api } from '@/lib/api-client';
import { roomPath, useRoomMutation } from './admin-room-keys';

export const useCancelRoom = () =>
  useRoomMutation((id: string) =>
    api(`${roomPath(id)}/cancel`, {
      method: 'POST',
      schema: z.object({ refunded: z.number().int() }),
    }),
  );
