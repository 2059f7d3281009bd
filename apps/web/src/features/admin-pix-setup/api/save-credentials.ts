import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SaveEfiCredentialsInput, efiConfigSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

export function useSaveCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveEfiCredentialsInput) =>
      api('/api/admin/pix/credentials', { method: 'PUT', body: input, schema: efiConfigSchema }),
    onSuccess: (config) => queryClient.setQueryData(pixConfigKeys.all, config),
  });
}
