import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ServiceId, type StartMaintenanceInput, serviceStatusSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from './service-keys';

export function useStartMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: ServiceId; input: StartMaintenanceInput }) =>
      api(`/api/admin/services/${id}/maintenance`, {
        method: 'PUT',
        body: input,
        schema: serviceStatusSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
