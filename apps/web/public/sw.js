/*
 * The service worker of the installable app (docs/decisions/026-installable-app-and-push.md).
 * It keeps one page, the offline page, and answers a navigation with it when the network fails;
 * everything else goes to the network as usual (no cached app: money and draws are always live).
 * It shows the web push notices (room full, drawn, won, prize paid) and opens their page on a tap.
 */
const CACHE = 'sorteio-offline-v1';
const OFFLINE_URL = '/offline.html';
const ICON = '/icons/icon-192.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, ICON, '/favicon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      // The page's request starts while the worker boots instead of after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
        return await fetch(event.request);
      } catch {
        const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
        return offline ?? Response.error();
      }
    })(),
  );
});

/** Only a path on this site is ever opened. */
function safePath(url) {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/';
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' ? message.title : 'Sorteio Certo';
  const url = safePath(message.url);
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, {
        body: typeof message.body === 'string' ? message.body : '',
        icon: ICON,
        badge: ICON,
        lang: 'pt-BR',
        tag: typeof message.tag === 'string' ? message.tag : undefined,
        data: { url },
      });
      // An open screen learns of it too (its live notice may have been missed while asleep).
      for (const client of await self.clients.matchAll({ type: 'window' }))
        client.postMessage({ type: 'push', title, url });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    safePath(event.notification.data && event.notification.data.url),
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== target.origin) continue;
        try {
          // navigate() works on a page this worker controls; any other is opened anew below.
          const moved = await client.navigate(target.href);
          if (moved) return moved.focus();
        } catch {
          break;
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
