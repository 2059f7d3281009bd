import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateSettingsInput, systemSettingsSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { publicSettingsQueryOptions } from '@/lib/config/get-public-settings';
import { settingsKeys } from './settings-keys';

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSettingsInput) =>
      api('/api/admin/settings', { method: 'PUT', body: input, schema: systemSettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
      // The default fee of 'Nova Sala' comes from the settings too.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'rooms', 'defaults'] });
    },
  });
}
