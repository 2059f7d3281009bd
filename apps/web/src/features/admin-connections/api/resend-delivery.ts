import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { connectionKeys } from './connection-keys';

export function useResendDelivery(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api(`/api/admin/webhook-deliveries/${deliveryId}/resend`, { method: 'POST' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: connectionKeys.deliveries(connectionId) }),
  });
}
