import { useQuery } from '@tanstack/react-query';
import { webhookDeliverySchema } from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { connectionKeys } from './connection-keys';

export function useDeliveries(id: string) {
  return useQuery({
    queryKey: connectionKeys.deliveries(id),
    queryFn: ({ signal }) =>
      api(`/api/admin/connections/${id}/deliveries`, {
        schema: z.object({ items: z.array(webhookDeliverySchema) }),
        signal,
      }),
    refetchInterval: 3000,
  });
}
