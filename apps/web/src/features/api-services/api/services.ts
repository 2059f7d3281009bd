import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ServiceId,
  type StartMaintenanceInput,
  serviceStatusSchema,
  servicesOverviewSchema,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const serviceKeys = { all: ['admin', 'services'] as const };

/** GET /api/admin/services: the six services and the summary tiles. */
export function useServices() {
  return useQuery({
    queryKey: serviceKeys.all,
    queryFn: ({ signal }) => api('/api/admin/services', { schema: servicesOverviewSchema, signal }),
    refetchInterval: 30_000,
  });
}

export function useTestService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: ServiceId) =>
      api(`/api/admin/services/${id}/test`, { method: 'POST', schema: serviceStatusSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

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
