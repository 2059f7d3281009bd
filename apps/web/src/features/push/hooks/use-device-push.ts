import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPushPublicKey } from '../api/get-public-key';
import { deleteSubscription } from '../api/delete-subscription';
import { pushKeys } from '../api/push-keys';
import { saveSubscription } from '../api/save-subscription';
import { currentSubscription, isPushSupported, subscribeDevice } from '../lib/push-device';

export type DevicePushState = 'unsupported' | 'denied' | 'on' | 'off';

/** Thrown when the person (or the browser) said no to notifications. */
export class PermissionDeniedError extends Error {
  constructor() {
    super('notifications denied');
    this.name = 'PermissionDeniedError';
  }
}

async function deviceState(): Promise<DevicePushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/**
 * This device's push notifications: whether they are on, and the switch. Turning on asks the
 * browser's permission (from the tap itself, as browsers require), subscribes through the service
 * worker and sends the subscription; turning off unsubscribes here and on the server.
 */
export function useDevicePush() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: pushKeys.device(), queryFn: deviceState, staleTime: 0 });
  const toggle = useMutation({
    mutationFn: async (on: boolean): Promise<DevicePushState> => {
      if (on) {
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') throw new PermissionDeniedError();
        const { publicKey } = await queryClient.fetchQuery({
          queryKey: pushKeys.publicKey(),
          queryFn: ({ signal }) => getPushPublicKey({ signal }),
          staleTime: Infinity,
        });
        await saveSubscription(await subscribeDevice(publicKey));
        return 'on';
      }
      const subscription = await currentSubscription();
      if (subscription) {
        await deleteSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      return 'off';
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
    onSuccess: (next) => queryClient.setQueryData(pushKeys.device(), next),
  });
  return { state, toggle };
}
