import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { NotificationProvider } from '@/lib/notifications/notification-provider';
import { LiveUpdatesProvider } from '@/lib/realtime/live-provider';
import { createQueryClient } from '@/lib/query-client';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one with the application root defaults. */
  queryClient?: QueryClient;
}

/** Query cache, then toasts, then the session (which reads through the query cache), then live updates. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <NotificationProvider>
        <AuthProvider>
          <LiveUpdatesProvider>{children}</LiveUpdatesProvider>
        </AuthProvider>
      </NotificationProvider>
    </QueryClientProvider>
  );
}
