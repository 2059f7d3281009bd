/**
 * A family on one Wi-Fi, or a mobile carrier's shared address: many page loads from one address
 * must still render the landing page. This journey has a copy of the production server of its own,
 * with the default limits (the suite's server raises them for its many sign-ins).
 */
import { expect, test } from '@playwright/test';
import { sharedAddressPort, waitUntilReady } from './support/side-servers';

// The copy is started by global-setup.ts.
const origin = `http://localhost:${sharedAddressPort()}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await waitUntilReady(origin, 110_000);
});

test('400 page loads in a minute from one address still render the landing page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const html = await (await fetch(`${origin}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  // What 400 visits fetch from the server: the page, its scripts and styles, and the landing's
  // two API calls.
  const started = Date.now();
  // Four visitors at a time, as on a shared address: the burst fits in one rate-limit window.
  const visit = async (n: number) => {
    const answers = await Promise.all(
      ['/', ...assets, '/api/me', '/api/public/stats'].map((url) => fetch(`${origin}${url}`)),
    );
    for (const a of answers) {
      await a.arrayBuffer();
      expect(a.status, `${a.url} on visit ${n}`).toBe(200);
    }
  };
  for (let n = 0; n < 400; n += 4) await Promise.all([n, n + 1, n + 2, n + 3].map(visit));
  expect(Date.now() - started).toBeLessThan(60_000);
  // The next visitor from the same address sees the page, not a white screen.
  await page.goto(origin);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Sorteios ao Vivo', { exact: true })).toBeVisible();
});
