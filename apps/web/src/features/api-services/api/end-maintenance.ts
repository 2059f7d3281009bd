import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ServiceId, serviceStatusSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from './service-keys';

export function useEndMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: ServiceId) =>
      api(`/api/admin/services/${id}/maintenance`, {
        method: 'DELETE',
        schema: serviceStatusSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
