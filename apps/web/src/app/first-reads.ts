import type { QueryClient } from '@tanstack/react-query';
import type { Router } from '@/app/router';
import { dashboardQueryOptions } from '@/features/dashboard/api/get-dashboard';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { verificationQueryOptions } from '@/features/profile/api/get-verification';
import { openRoomsQueryOptions } from '@/features/rooms/api/list-open-rooms';
import { meQueryOptions } from '@/lib/auth/get-me';
import { publicConfigQueryOptions } from '@/lib/config/get-public-config';
import { publicSettingsQueryOptions } from '@/lib/config/get-public-settings';

/**
 * The answers a route page (`routes/<name>.html`, see `routePreloads` in apps/web/vite.config.ts)
 * asks for in its HTML with `<link rel="preload" as="fetch">`, by path, with the query each one
 * fills. The query's own `fetch` (same URL, credentials included) takes the preloaded answer.
 */
const firstReads: Record<string, (client: QueryClient) => Promise<void>> = {
  '/api/me': (client) => client.prefetchQuery({ ...meQueryOptions(), retry: false }),
  '/api/public/settings': (client) =>
    client.prefetchQuery({ ...publicSettingsQueryOptions(), retry: false }),
  '/api/public/config': (client) =>
    client.prefetchQuery({ ...publicConfigQueryOptions(), retry: false }),
  '/api/dashboard': (client) => client.prefetchQuery({ ...dashboardQueryOptions(), retry: false }),
  '/api/rooms': (client) => client.prefetchQuery({ ...openRoomsQueryOptions(), retry: false }),
  '/api/profile': (client) => client.prefetchQuery({ ...profileQueryOptions(), retry: false }),
  '/api/profile/verification': (client) =>
    client.prefetchQuery({ ...verificationQueryOptions(), retry: false }),
};

/** The paths `firstReads` knows how to fill. */
export const firstReadPaths = Object.keys(firstReads);

/**
 * How long the first screen waits for its answers and its code before it is drawn anyway, with
 * placeholders for what is missing (a slow or failing read must not keep the page blank).
 */
export const FIRST_SCREEN_WAIT_MS = 1500;

/**
 * Starts the queries of the answers this page preloaded and resolves when they and the screen's
 * code (the router's first lazy route) are in, or after `waitMs`. Resolves at once on a page
 * without such preloads. The screen is then drawn once, complete, instead of a frame of
 * placeholders followed by a render for each answer: the answers arrive while the app's code
 * loads, and each render that follows them is one long task on a slow phone.
 */
export function firstScreenReady(
  client: QueryClient,
  router: Router,
  doc: Document = document,
  waitMs = FIRST_SCREEN_WAIT_MS,
): Promise<void> | null {
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]');
  const reads = [...links].flatMap((link) => {
    const read = firstReads[new URL(link.getAttribute('href') ?? '', location.href).pathname];
    return read ? [read(client)] : [];
  });
  if (reads.length === 0) return null;
  const routed = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  return Promise.race([Promise.all([...reads, routed]).then(() => undefined), late]).finally(() =>
    clearTimeout(timer),
  );
}
