/**
 * The landing page arrives prerendered: its content is in the HTML the server sends, before any
 * script runs; with JavaScript on it hydrates in place, and an in-app link opens the app there.
 */
import { expect, test } from '@playwright/test';

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
  });

  test('other paths still get the app shell (an empty root)', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(headline);
  });
});

test('hydrates without errors and opens an in-app link without a page load', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  // The buttons appear once the session is known (signed out here), after hydration.
  await expect(page.getByRole('link', { name: 'Começar Agora' })).toBeVisible();
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
