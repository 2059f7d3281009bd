import type { NotificationInput } from './notification-context';

type Sink = (input: NotificationInput) => void;

let sink: Sink | null = null;

/** Called by the mounted NotificationProvider; returns the function that detaches it. */
export function attachNotificationSink(next: Sink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}

/**
 * Shows a toast from code that cannot call hooks (a mutation callback defined outside a
 * component, say). Without a mounted NotificationProvider it does nothing.
 */
export function notify(input: NotificationInput): void {
  sink?.(input);
}
