import { CircleCheck, CircleX, Info, TriangleAlert, XIcon, type LucideIcon } from 'lucide-react';
import type { Notification, NotificationType } from '@/lib/notifications/notification-context';
import { cn } from '@/lib/utils';
import { toastTitle } from '@/lib/notifications/toast-title';

const icons: Record<NotificationType, LucideIcon> = {
  success: CircleCheck,
  error: CircleX,
  warning: TriangleAlert,
  info: Info,
};

const accents: Record<NotificationType, string> = {
  success: 'border-l-success [&>svg]:text-success',
  error: 'border-l-destructive [&>svg]:text-destructive',
  warning: 'border-l-warning [&>svg]:text-warning',
  info: 'border-l-info [&>svg]:text-info',
};

export interface ToastProps {
  notification: Notification;
  onDismiss: () => void;
}

export function Toast({ notification, onDismiss }: ToastProps) {
  const Icon = icons[notification.type];
  return (
    <div
      // Errors interrupt the screen reader; everything else waits for a pause.
      role={notification.type === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-slot="toast"
      data-type={notification.type}
      className={cn(
        'pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-lg border border-l-4 bg-popover p-4 text-popover-foreground shadow-lg',
        accents[notification.type],
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold break-words">{toastTitle(notification.title)}</p>
        {notification.message && (
          <p className="mt-1 text-sm break-words text-muted-foreground">{notification.message}</p>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Fechar notificação"
        className="-m-1 shrink-0 cursor-pointer rounded-md p-1 text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
