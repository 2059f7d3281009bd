import { useMutation, useQueryClient } from '@tanstack/react-query';
import { efiTestResultSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

export function useTestIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/pix/test', { method: 'POST', schema: efiTestResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pixConfigKeys.all }),
  });
}
