import {
  pushSubscriptionResultSchema,
  type PushSubscriptionInput,
  type PushSubscriptionResult,
} from '@sorteio/shared';
import { send } from '@/lib/api-client';

/** POST /api/push/subscriptions: this device receives the notices of the player's rooms. */
export function saveSubscription(input: PushSubscriptionInput): Promise<PushSubscriptionResult> {
  return send('POST', '/api/push/subscriptions', input, pushSubscriptionResultSchema);
}
