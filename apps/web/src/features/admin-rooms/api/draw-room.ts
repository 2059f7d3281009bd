import { z } from 'zod';
import { api } from '@/lib/api-client';
import { roomPath, useRoomMutation } from './admin-room-keys';

export const useDrawRoom = () =>
  useRoomMutation((id: string) =>
    api(`${roomPath(id)}/draw`, {
      method: 'POST',
      schema: z.object({
        result: z.enum(['drawn', 'cancelled', 'pending']),
        sorteioId: z.string().nullable(),
        motivo: z.string().nullable().optional(),
      }),
    }),
  );
