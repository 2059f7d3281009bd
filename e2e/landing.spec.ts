/**
 * The landing page arrives prerendered: its content is in the HTML the server sends, before any
 * script runs; with JavaScript on it hydrates in place, and an in-app link opens the app there.
 */
import { expect, test } from '@playwright/test';
import { newPlayer } from './support/players';
import { demoCredentials, signInByApi } from './support/session';

const headline = 'Sorteios com PIX que você pode verificar';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the landing content from the HTML alone', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
    for (const title of ['Sorteios ao Vivo', 'Salas Privadas', 'Prêmios Garantidos'])
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    // Links are real anchors: they work without the app.
    await expect(page.getByRole('link', { name: 'Ver como funciona' })).toHaveAttribute(
      'href',
      '/tutorial',
    );
    // Sent only without a session cookie: the signed-out buttons are in the HTML itself.
    await expect(page.getByRole('link', { name: 'Começar Agora' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  test('a link followed before the app runs is an ordinary page load', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Ver como funciona' }).click();
    await expect(page).toHaveURL(/\/tutorial$/);
  });

  test('other paths still get the app shell (an empty root)', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(headline);
  });

  test("/dashboard's shell names the screen's chunks up front", async ({ request }) => {
    const preloads = (html: string) => html.match(/rel="modulepreload"/g)?.length ?? 0;
    const shell = await (await request.get('/login')).text();
    const dashboard = await (await request.get('/dashboard')).text();
    expect(dashboard).toContain('<div id="root"></div>');
    expect(dashboard).toMatch(/href="\/assets\/dashboard-[\w-]+\.js"/);
    expect(preloads(dashboard)).toBeGreaterThan(preloads(shell));
  });
});

test.describe("the dashboard's first download", () => {
  test('names a few chunks and asks for each first answer once, through the preloads', async ({
    browser,
  }) => {
    // A player of its own: no room event of another journey makes the dashboard read again.
    const { page, context } = await newPlayer(browser);
    const preloaded = [
      '/api/me',
      '/api/public/settings',
      '/api/public/config',
      '/api/dashboard',
      '/api/rooms',
      '/api/profile',
      '/api/profile/verification',
    ];
    const reads = new Map<string, string[]>(preloaded.map((path) => [path, []]));
    page.on('request', (request) => {
      reads.get(new URL(request.url()).pathname)?.push(request.resourceType());
    });
    const response = await page.goto('/dashboard');
    const html = (await response?.text()) ?? '';
    for (const path of preloaded)
      expect(html).toContain(
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}">`,
      );
    // The first page's code comes in a few chunks (each a request), not dozens.
    const scripts = html.match(/(?:src|href)="\/assets\/[^"]+\.js"/g) ?? [];
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.length).toBeLessThanOrEqual(12);
    // The screen shows the session and the dashboard's figures.
    await expect(page.getByText(/^Bem-vindo( de volta)?,/)).toBeVisible();
    await expect(page.getByText('Última atualização:')).toBeVisible();
    // The app's own reads took the preloaded answers instead of asking again.
    expect(Object.fromEntries(reads)).toEqual(
      Object.fromEntries(preloaded.map((path) => [path, ['other']])),
    );
    await context.close();
  });
});

test('hydrates without errors and opens an in-app link without a page load', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Começar Agora' })).toBeVisible();
  // The figures are drawn after hydration: once they are, React owns the page.
  await expect(page.getByText('Carregando números da plataforma...')).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.getByRole('link', { name: 'Ver como funciona' }).click();
  await expect(page).toHaveURL(/\/tutorial$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Same document: the app took over the page instead of loading a new one.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a signed-in visitor gets the app at /, with the signed-in landing', async ({ page }) => {
  const [player] = demoCredentials().players;
  await signInByApi(page, player!);
  const response = await page.goto('/');
  // The app's shell (empty root), not the light page: the session cookie is httpOnly, so the
  // server picks the page.
  expect(await response?.text()).toContain('<div id="root"></div>');
  await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Começar Agora' })).toHaveCount(0);
});
