import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LinkComponentsContext } from '@/components/app-link';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { NotificationProvider } from '@/lib/notifications/notification-provider';
import { LiveUpdatesProvider } from '@/lib/realtime/live-provider';
import { createQueryClient } from '@/lib/query-client';
import { routerLinks } from './router-links';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one with the application root defaults. */
  queryClient?: QueryClient;
}

/**
 * Query cache, then toasts, then the session (which reads through the query cache), then live
 * updates; the shell's links are the router's.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <NotificationProvider>
        <AuthProvider>
          <LiveUpdatesProvider>
            <LinkComponentsContext value={routerLinks}>{children}</LinkComponentsContext>
          </LiveUpdatesProvider>
        </AuthProvider>
      </NotificationProvider>
    </QueryClientProvider>
  );
}
