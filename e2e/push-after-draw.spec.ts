/**
 * Web push from the profile switch to the notification, after a real draw. The one part that is
 * not the real thing is the browser's own push-service registration: headless Chromium on a
 * machine without internet reaches no push service, so `PushManager.subscribe` answers with a
 * subscription whose endpoint is a push service this test runs (the keys are the test's, as a
 * browser's would be). The app stores it through its own screen; the server encrypts and signs
 * each notice for that endpoint; the test opens the message with the device's keys, as the push
 * service hands it to the browser, and delivers it to the real service worker through the
 * DevTools protocol, where it is shown as a notification.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { type Browser, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { serviceWorkerPush } from './support/push';
import { demoCredentials, signInByApi } from './support/session';

test.use({ viewport: { width: 390, height: 844 } });

// RFC 8188, the reference implementation web-push itself encrypts with.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ): Buffer;
};

const headers = () => ({ origin: origin() });

/** A push service on this machine: keeps every POST it is sent. */
async function fakePushService() {
  const received: { path: string; encoding: string | undefined; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        encoding: req.headers['content-encoding'],
        body: Buffer.concat(chunks),
      });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { address, received, close: () => new Promise((r) => server.close(r)) };
}

async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: origin() });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: who.password },
    headers: headers(),
  });
  expect(res.status()).toBe(200);
  return context;
}

test(
  'a player turns notifications on in the profile and, after their room is drawn, the push reaches the service worker',
  // The whole browser (playwright.config.ts): the headless shell has no notification service.
  { tag: '@notifications' },
  async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    const push = await fakePushService();
    const admin = await signedIn(browser, demoCredentials().admin);
    const setPrivate = async (value: boolean) => {
      const res = await admin.request.put('/api/admin/settings', {
        data: { allowPrivateAddresses: value },
        headers: headers(),
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    // The push service of this test is on this machine: the operator allows local addresses.
    await setPrivate(true);
    try {
      // The device's keys (RFC 8291), made here as the browser would make them.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device = {
        endpoint: `${push.address}/send/${randomBytes(6).toString('hex')}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      };
      await context.addInitScript((d) => {
        let current: unknown = null;
        const asKey = (bytes: ArrayBuffer | ArrayBufferView | string | null | undefined) =>
          bytes && typeof bytes !== 'string'
            ? btoa(
                String.fromCharCode(
                  ...new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes.buffer),
                ),
              )
                .replace(/\+/g, '-')
                .replace(/\//g, '_')
                .replace(/=+$/, '')
            : (bytes ?? null);
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
        PushManager.prototype.subscribe = async function (options) {
          (window as unknown as { pushKeyUsed: unknown }).pushKeyUsed = asKey(
            options?.applicationServerKey,
          );
          const subscription = {
            endpoint: d.endpoint,
            expirationTime: null,
            options,
            toJSON: () => ({
              endpoint: d.endpoint,
              expirationTime: null,
              keys: { p256dh: d.p256dh, auth: d.auth },
            }),
            unsubscribe: async () => {
              current = null;
              return true;
            },
          };
          current = subscription;
          return subscription as unknown as PushSubscription;
        };
      }, device);

      await context.grantPermissions(['notifications'], { origin: origin() });
      await page.goto('/');
      const [joao, maria] = demoCredentials().players;
      await signInByApi(page, joao!);

      // The player turns it on in the profile: the app subscribes and the server stores it.
      await page.goto('/profile');
      const toggle = page.getByRole('switch', { name: 'Notificações neste aparelho' });
      await expect(toggle).toBeEnabled();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
      );
      await toggle.click();
      expect((await saved).status()).toBe(200);
      await expect(toggle).toBeChecked();
      // It subscribed with the server's VAPID key.
      const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as {
        publicKey: string;
      };
      expect(
        await page.evaluate(() => (window as unknown as { pushKeyUsed: unknown }).pushKeyUsed),
      ).toBe(publicKey.replace(/=+$/, ''));

      // A two-seat room; the player and a friend take both seats by PIX: it fills and is drawn.
      const created = await admin.request.post('/api/admin/rooms', {
        data: {
          tipoSala: 'ouro',
          valorEntrada: 1000,
          maxParticipantes: 2,
          taxaPersonalizadaBp: 1000,
        },
        headers: headers(),
      });
      expect(created.status(), await created.text()).toBe(200);
      const roomId = ((await created.json()) as { id: string }).id;
      const friend = await signedIn(browser, maria!);
      try {
        for (const request of [page.request, friend.request]) {
          const join = await request.post(`/api/rooms/${roomId}/join`, {
            data: { metodo: 'pix' },
            headers: headers(),
          });
          expect(join.status(), await join.text()).toBe(200);
          const charge = await request.post('/api/payments/pix', {
            data: {
              participacaoId: ((await join.json()) as { participation: { id: string } })
                .participation.id,
            },
            headers: headers(),
          });
          const { txid } = (await charge.json()) as { txid: string };
          const paid = await request.post(`/api/payments/pix/${txid}/simulate`, {
            headers: headers(),
          });
          expect(paid.status(), await paid.text()).toBe(200);
        }
      } finally {
        await friend.close();
      }

      // The push service receives the room's notices for this device, encrypted (aes128gcm).
      const path = new URL(device.endpoint).pathname;
      const open = () =>
        push.received
          .filter((r) => r.path === path)
          .map((r) => {
            expect(r.encoding).toBe('aes128gcm');
            const plain = ece.decrypt(r.body, {
              version: 'aes128gcm',
              privateKey: ecdh,
              authSecret: auth,
            });
            return JSON.parse(plain.toString('utf8')) as {
              title: string;
              body: string;
              url: string;
            };
          });
      await expect
        .poll(() => open().some((m) => m.url.startsWith('/sorteios/')), { timeout: 15_000 })
        .toBe(true);
      const drawn = open().find((m) => m.url.startsWith('/sorteios/'))!;
      expect(['Você ganhou!', 'Sorteio realizado']).toContain(drawn.title);

      // The browser hands that message to the service worker, which shows it.
      const worker = await serviceWorkerPush(context, page);
      await worker.deliver(drawn);
      // A bound for a hung worker, not a speed check: the other steps of npm test share the cores.
      await expect
        .poll(
          () =>
            page.evaluate(async () =>
              (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
                title: n.title,
                body: n.body,
              })),
            ),
          { timeout: 20_000 },
        )
        .toContainEqual({ title: drawn.title, body: drawn.body });
    } finally {
      await setPrivate(false);
      await admin.close();
      await push.close();
    }
  },
);
