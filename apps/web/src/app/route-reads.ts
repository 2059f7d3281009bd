/**
 * The API answers a route page (`routes/<name>.html`, `routePreloads` in apps/web/vite.config.ts)
 * preloads with `<link rel="preload" as="fetch">`: `appReads` on every route page (the session
 * and what the frame shows), then the screen's own. No imports: the build's config reads it, and
 * `firstReads` (first-reads.ts) must know each path (a test checks it).
 */
export const appReads = ['/api/me', '/api/public/settings', '/api/public/config'];

export const routeReads: Record<string, string[]> = {
  dashboard: ['/api/dashboard', '/api/rooms', '/api/profile', '/api/profile/verification'],
};
