/**
 * The installable app: the manifest and its icons, the service worker, its offline page, and a
 * push message delivered to the real worker (through the DevTools protocol: headless Chromium on
 * a machine without internet reaches no push service) shown as a notification.
 */
import { expect, test } from '@playwright/test';
import { origin } from './support/env';
import { serviceWorkerPush } from './support/push';
import { demoCredentials, signInByApi } from './support/session';

test.use({ viewport: { width: 390, height: 844 } });

test('the manifest names the app in Portuguese and its icons are served', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json|application\/json/);
  const manifest = (await res.json()) as {
    name: string;
    lang: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Sorteio Certo',
    lang: 'pt-BR',
    display: 'standalone',
    start_url: '/',
    theme_color: '#047857',
  });
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
});

test('the service worker shows the offline page when there is no connection', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const script = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL;
  });
  expect(script).toBe(`${origin()}/sw.js`);

  await context.setOffline(true);
  try {
    await page.goto('/salas');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Você está sem conexão' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tentar de novo' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // Back online, the same link loads the page.
  await page.getByRole('link', { name: 'Tentar de novo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salas abertas' })).toBeVisible();
});

test(
  'a push message reaches the service worker and is shown as a notification',
  // The whole browser (playwright.config.ts): the headless shell has no notification service.
  { tag: '@notifications' },
  async ({ page, context }) => {
    await context.grantPermissions(['notifications'], { origin: origin() });
    await signInByApi(page, demoCredentials().players[0]!);
    // The opt-in card, ready to ask (permission granted, the Push API present).
    await page.goto('/profile');
    await expect(
      page.getByRole('heading', { name: 'Receber notificações no celular' }),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Notificações neste aparelho' })).toBeEnabled();

    const worker = await serviceWorkerPush(context, page);

    // The page hears of the push from its worker. The listener is in place before the push is sent
    // (a message that comes first would be lost, and the wait would never end).
    const heard = await page.evaluateHandle(() => {
      const message = new Promise<{ type: string; title: string; url: string }>((resolve) =>
        navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), { once: true }),
      );
      return { message };
    });
    await worker.deliver({
      title: 'Você ganhou!',
      body: 'Sala Ouro foi sorteada e o prêmio é seu.',
      url: '/history',
      tag: 'won:/history',
    });
    expect(await heard.evaluate((h) => h.message)).toEqual({
      type: 'push',
      title: 'Você ganhou!',
      url: '/history',
    });
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data as unknown,
      }));
    });
    expect(shown).toContainEqual({
      title: 'Você ganhou!',
      body: 'Sala Ouro foi sorteada e o prêmio é seu.',
      data: { url: '/history' },
    });
  },
);
