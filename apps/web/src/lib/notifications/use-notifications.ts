import { use } from 'react';
import { NotificationContext, type NotificationContextValue } from './notification-context';

export function useNotifications(): NotificationContextValue {
  const context = use(NotificationContext);
  if (!context) {
    // Exact text of spec 000 section 6.
    throw new Error('useNotifications must be used within NotificationProvider');
  }
  return context;
}
