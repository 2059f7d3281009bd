import { type BrowserContext, type Page, expect } from '@playwright/test';
import { origin } from './env';

/**
 * The page's service worker, reached through the DevTools protocol: headless Chromium on a machine
 * without internet reaches no push service, so a push message is handed to the real worker here,
 * as the push service would hand it to the browser.
 */
export async function serviceWorkerPush(context: BrowserContext, page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const scope = `${origin()}/`;
  // A bound for a hung worker, not a speed check: the other steps of npm test share the cores.
  await expect
    .poll(() => registrations.find((r) => r.scopeURL === scope), { timeout: 20_000 })
    .toBeTruthy();
  const { registrationId } = registrations.find((r) => r.scopeURL === scope)!;
  return {
    deliver: async (message: unknown) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: origin(),
        registrationId,
        data: JSON.stringify(message),
      });
    },
  };
}
