import { useQuery } from '@tanstack/react-query';
import { servicesOverviewSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from './service-keys';

/** GET /api/admin/services: the six services and the summary tiles. */
export function useServices() {
  return useQuery({
    queryKey: serviceKeys.all,
    queryFn: ({ signal }) => api('/api/admin/services', { schema: servicesOverviewSchema, signal }),
    refetchInterval: 30_000,
  });
}
