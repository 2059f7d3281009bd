import { useMutation, useQueryClient } from '@tanstack/react-query';

export const adminRoomKeys = { all: ['admin', 'rooms'] as const };

export const roomPath = (id: string) => `/api/admin/rooms/${encodeURIComponent(id)}`;

export function useRoomMutation<I, O>(fn: (input: I) => Promise<O>) {
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
