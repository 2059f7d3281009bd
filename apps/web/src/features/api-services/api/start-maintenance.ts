import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ServiceId, type StartMaintenanceInput, serviceStatusSchema } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { serviceKeys } from './service-keys';

export function useStartMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: ServiceId; input: StartMaintenanceInput }) =>
      send('PUT', `/api/admin/services/${id}/maintenance`, input, serviceStatusSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
