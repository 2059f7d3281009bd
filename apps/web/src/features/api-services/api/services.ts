import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ServiceId, serviceStatusSchema } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const serviceKeys = { all: ['admin', 'services'] as const };

export function useServices() {
  return useQuery({
    queryKey: serviceKeys.all,
    queryFn: ({ signal }) =>
      api('/api/admin/services', {
        schema: z.object({ items: z.array(serviceStatusSchema) }),
        signal,
      }),
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
