import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { publicSettingsQueryOptions } from '@/lib/config/get-public-settings';
import { AppProviders } from '@/app/providers';
import { firstScreenReady } from '@/app/first-reads';
import { createAppRouter, type Router } from '@/app/router';
import { AppErrorBoundary } from '@/components/app-error-boundary';
import { landingKeys } from '@/features/landing/api/get-platform-stats';
import type { LandingData } from '@/app/landing-island/landing-data';
import { authKeys } from '@/lib/auth/get-me';
import { configKeys } from '@/lib/config/get-public-config';
import { createQueryClient } from '@/lib/query-client';

export interface StartAppOptions {
  /**
   * Answers the light landing page already read: the app starts with them in its cache. Given
   * only by the light page, which the server sends to visitors without a session cookie: the
   * session starts as signed out (no skeleton over the buttons), read again at once.
   */
  data?: Partial<LandingData>;
  /** Opens this path once started (a link clicked on the light landing page). */
  navigateTo?: string;
}

/**
 * Renders the whole app (providers, router, every route) into `root`: an empty one for every page
 * but the landing, or the landing page's own root when it hands over.
 */
export function startApp(root: Root, { data, navigateTo }: StartAppOptions = {}) {
  const queryClient = createQueryClient();
  if (!data) {
    const router = createAppRouter();
    // A route page preloaded its answers: draw its screen once they and its code are in.
    const ready = firstScreenReady(queryClient, router);
    if (!ready) return render(root, queryClient, router);
    void ready.then(() => render(root, queryClient, router));
    return;
  }
  // Stale from the start (updatedAt 0): shown at once, and checked by the first screen using it.
  queryClient.setQueryData(authKeys.me(), { user: null }, { updatedAt: 0 });
  if (data.settings) queryClient.setQueryData(publicSettingsQueryOptions().queryKey, data.settings);
  if (data.config) queryClient.setQueryData(configKeys.public(), data.config);
  if (data.stats) queryClient.setQueryData(landingKeys.stats(), data.stats);
  render(root, queryClient, createAppRouter(), navigateTo);
}

function render(root: Root, queryClient: QueryClient, router: Router, navigateTo?: string) {
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser in between, instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </AppErrorBoundary>
      </StrictMode>,
    ),
  );
  if (navigateTo) void router.navigate(navigateTo);
}
