import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ActivatePixOverrideInput, efiConfigSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

/** 'Ativar sem teste': the saved configuration goes live on the operator's stated reason. */
export function useActivateOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivatePixOverrideInput) =>
      api('/api/admin/pix/activate', { method: 'POST', body: input, schema: efiConfigSchema }),
    onSuccess: (config) => queryClient.setQueryData(pixConfigKeys.all, config),
  });
}
