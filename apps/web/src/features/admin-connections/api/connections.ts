import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SaveConnectionInput,
  connectionListSchema,
  connectionSchema,
  connectionTestResultSchema,
  webhookDeliverySchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const connectionKeys = {
  all: ['admin', 'connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
  deliveries: (id: string) => [...connectionKeys.all, 'deliveries', id] as const,
};

const savedSchema = z.object({
  connection: connectionSchema,
  signingSecret: z.string().nullable(),
});

export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) =>
      api('/api/admin/connections', { schema: connectionListSchema, signal }),
  });
}

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}

export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SaveConnectionInput }) =>
      api(id ? `/api/admin/connections/${id}` : '/api/admin/connections', {
        method: id ? 'PUT' : 'POST',
        body: input,
        schema: savedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.list() }),
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/connections/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.list() }),
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/connections/${id}/test`, {
        method: 'POST',
        schema: connectionTestResultSchema,
      }),
  });
}

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

export function useResendDelivery(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api(`/api/admin/webhook-deliveries/${deliveryId}/resend`, { method: 'POST' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: connectionKeys.deliveries(connectionId) }),
  });
}
