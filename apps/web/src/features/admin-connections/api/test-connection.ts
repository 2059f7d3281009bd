import { useMutation } from '@tanstack/react-query';
import { connectionTestResultSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export function useTestConnection() {
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/connections/${id}/test`, {
        method: 'POST',
        schema: connectionTestResultSchema,
      }),
  });
}
