import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomCancelPreviewSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminRoomKeys, roomPath } from './admin-room-keys';

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
