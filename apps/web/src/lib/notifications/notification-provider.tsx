import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Toast } from '@/components/ui/toast';
import {
  DEFAULT_NOTIFICATION_DURATION_MS,
  NotificationContext,
  type Notification,
  type NotificationInput,
} from './notification-context';
import { attachNotificationSink } from './notify';

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notification, setNotification] = useState<Notification | null>(null);
  const nextId = useRef(1);

  const notify = useCallback((input: NotificationInput) => {
    const id = nextId.current++;
    // A new toast replaces the current one: the queue holds one (spec 000 sections 4 and 9).
    setNotification({
      id,
      type: input.type,
      title: input.title,
      message: input.message,
      duration: input.duration ?? DEFAULT_NOTIFICATION_DURATION_MS,
    });
  }, []);

  const dismiss = useCallback(() => {
    setNotification(null);
  }, []);

  useEffect(() => attachNotificationSink(notify), [notify]);

  useEffect(() => {
    if (!notification || notification.duration <= 0) return;
    const timer = setTimeout(() => {
      // Only the toast that started this timer may be removed by it.
      setNotification((current) => (current?.id === notification.id ? null : current));
    }, notification.duration);
    return () => {
      clearTimeout(timer);
    };
  }, [notification]);

  const value = useMemo(() => ({ notification, notify, dismiss }), [notification, notify, dismiss]);

  return (
    <NotificationContext value={value}>
      {children}
      <section
        aria-label="Notificações"
        className="pointer-events-none fixed inset-x-3 top-3 z-[100] flex flex-col items-end gap-2 sm:inset-x-auto sm:top-4 sm:right-4 sm:w-96"
      >
        {notification && (
          <Toast key={notification.id} notification={notification} onDismiss={dismiss} />
        )}
      </section>
    </NotificationContext>
  );
}
