import { pushSubscriptionResultSchema, type PushSubscriptionResult } from '@sorteio/shared';
import { api } from '@/lib/api-client';

/** DELETE /api/push/subscriptions: this device stops receiving them. */
export function deleteSubscription(endpoint: string): Promise<PushSubscriptionResult> {
  return api('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint },
    schema: pushSubscriptionResultSchema,
  });
}
