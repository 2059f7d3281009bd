import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminRoomSchema,
  roomCancelPreviewSchema,
  roomFormDefaultsSchema,
  type RoomForm,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const adminRoomKeys = { all: ['admin', 'rooms'] as const };

/** GET /api/admin/rooms: every room, newest first. */
export const adminRoomsQueryOptions = () =>
  queryOptions({
    queryKey: adminRoomKeys.all,
    queryFn: ({ signal }) => api('/api/admin/rooms', { schema: z.array(adminRoomSchema), signal }),
  });
export const useAdminRooms = () => useQuery(adminRoomsQueryOptions());

/** GET /api/admin/rooms/defaults: what 'Nova Sala' starts with (the fee from the settings). */
export const roomDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminRoomKeys.all, 'defaults'] as const,
    queryFn: ({ signal }) =>
      api('/api/admin/rooms/defaults', { schema: roomFormDefaultsSchema, signal }),
  });
export const useRoomDefaults = (enabled: boolean) =>
  useQuery({ ...roomDefaultsQueryOptions(), enabled });

const roomPath = (id: string) => `/api/admin/rooms/${encodeURIComponent(id)}`;

/**
 * GET /api/admin/rooms/:id/cancel-preview: the refunds "Cancelar e reembolsar" will make, read
 * fresh each time the confirmation opens (balances move).
 */
export const cancelPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminRoomKeys.all, 'cancel-preview', id] as const,
    queryFn: ({ signal }) =>
      api(`${roomPath(id)}/cancel-preview`, { schema: roomCancelPreviewSchema, signal }),
    staleTime: 0,
    gcTime: 0,
  });
export const useCancelPreview = (id: string | null) =>
  useQuery({ ...cancelPreviewQueryOptions(id ?? ''), enabled: id !== null });

function useRoomMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: async () => {
      // The player side lists the open rooms too (spec 001 section 7: admin-rooms, salas-ativas).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminRoomKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['rooms'] }),
      ]);
    },
  });
}

export const useSaveRoom = () =>
  useRoomMutation((input: { id: string | null; form: RoomForm }) =>
    api(input.id ? roomPath(input.id) : '/api/admin/rooms', {
      method: input.id ? 'PUT' : 'POST',
      body: input.form,
      schema: adminRoomSchema,
    }),
  );

export const useSetRoomStatus = () =>
  useRoomMutation((input: { id: string; status: 'aberta' | 'fechada' }) =>
    api(`${roomPath(input.id)}/status`, {
      method: 'POST',
      body: { status: input.status },
      schema: adminRoomSchema,
    }),
  );

export const useDeleteRoom = () =>
  useRoomMutation((id: string) =>
    api(roomPath(id), { method: 'DELETE', schema: z.object({ deleted: z.boolean() }) }),
  );

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

export const useCancelRoom = () =>
  useRoomMutation((id: string) =>
    api(`${roomPath(id)}/cancel`, {
      method: 'POST',
      schema: z.object({ refunded: z.number().int() }),
    }),
  );
