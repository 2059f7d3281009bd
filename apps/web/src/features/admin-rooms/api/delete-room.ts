import { z } from 'zod';
import { api } from '@/lib/api-client';
import { roomPath, useRoomMutation } from './admin-room-keys';

export const useDeleteRoom = () =>
  useRoomMutation((id: string) =>
    api(roomPath(id), { method: 'DELETE', schema: z.object({ deleted: z.boolean() }) }),
  );
