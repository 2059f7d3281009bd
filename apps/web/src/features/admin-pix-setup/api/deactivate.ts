import { useMutation, useQueryClient } from '@tanstack/react-query';
import { efiConfigSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

/** 'Voltar ao simulador' / 'Voltar à configuração do ambiente' (the saved one is kept). */
export function useDeactivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/pix/deactivate', { method: 'POST', schema: efiConfigSchema }),
    onSuccess: (config) => queryClient.setQueryData(pixConfigKeys.all, config),
  });
}
