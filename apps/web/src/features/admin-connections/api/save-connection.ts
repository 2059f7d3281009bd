import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SaveConnectionInput, connectionSchema } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { connectionKeys } from './connection-keys';

const savedSchema = z.object({
  connection: connectionSchema,
  signingSecret: z.string().nullable(),
});

export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SaveConnectionInput }) =>
      api(id ? `/api/admin/connections/${id}` : '/api/admin/connections', {
        method: id ? 'PUT' : 'POST',
        body: input,
        schema: savedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.list() }),
  });
}
