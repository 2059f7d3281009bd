import { createContext } from 'react';

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

/** The toast of spec 000 section 3. */
export interface NotificationInput {
  type: NotificationType;
  title: string;
  message?: string;
  /** Milliseconds on screen; 0 keeps it until dismissed (spec 000 section 9). */
  duration?: number;
}

export interface Notification extends Required<Omit<NotificationInput, 'message'>> {
  id: number;
  message: string | undefined;
}

export const DEFAULT_NOTIFICATION_DURATION_MS = 5000;

export interface NotificationContextValue {
  /** The toast on screen; the queue holds one at a time (spec 000 section 4). */
  notification: Notification | null;
  notify: (input: NotificationInput) => void;
  dismiss: () => void;
}

export const NotificationContext = createContext<NotificationContextValue | null>(null);
