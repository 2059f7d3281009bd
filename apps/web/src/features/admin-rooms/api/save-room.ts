import { adminRoomSchema, type RoomForm } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { roomPath, useRoomMutation } from './admin-room-keys';

export const useSaveRoom = () =>
  useRoomMutation((input: { id: string | null; form: RoomForm }) =>
    api(input.id ? roomPath(input.id) : '/api/admin/rooms', {
      method: input.id ? 'PUT' : 'POST',
      body: input.form,
      schema: adminRoomSchema,
    }),
  );
