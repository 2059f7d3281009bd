import { pushSubscriptionResultSchema, type PushSubscriptionResult } from '@sorteio/shared';
import { send } from '@/lib/api-client';

/** DELETE /api/push/subscriptions: this device stops receiving them. */
export function deleteSubscription(endpoint: string): Promise<PushSubscriptionResult> {
  return send('DELETE', '/api/push/subscriptions', { endpoint }, pushSubscriptionResultSchema);
}
