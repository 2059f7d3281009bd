/**
 * Registers the service worker (public/sw.js: the offline page and web push) once the page has
 * loaded, so it never competes with the first screen's requests. Not in the dev server, whose
 * modules change under it.
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, an old browser): the site works the same without it.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
