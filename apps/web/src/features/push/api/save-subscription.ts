import {
  pushSubscriptionResultSchema,
  type PushSubscriptionInput,
  type PushSubscriptionResult,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

/** POST /api/push/subscriptions: this device receives the notices of the player's rooms. */
export function saveSubscription(input: PushSubscriptionInput): Promise<PushSubscriptionResult> {
  return api('/api/push/subscriptions', {
    method: 'POST',
    body: input,
    schema: pushSubscriptionResultSchema,
  });
}
