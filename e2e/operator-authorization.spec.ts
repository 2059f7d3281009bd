import { expect, test } from '@playwright/test';
import { keepScreenshot } from './support/screenshots';

/**
 * Issue 33, item 1, on a phone: a visitor finds the operator's legal standing on the landing page
 * and gets it from the support assistant when asking "isso é legal?". The demo serves the marked
 * demonstration values (OPERATOR_AUTHORIZATION_* unset).
 */
test('a visitor on a phone reads the legal standing on the landing page and from the assistant', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const legal = page.getByRole('region', { name: 'Situação legal' });
  await legal.scrollIntoViewIfNeeded();
  await expect(legal).toContainText('Sorteio Certo Demonstração Ltda., CNPJ 11.222.333/0001-81.');
  await expect(legal).toContainText(/Autorizado por .+, de \d{2}\/\d{2}\/\d{4}\./);
  await expect(legal).toContainText(
    'Dados de demonstração: não correspondem a uma autorização real.',
  );
  const record = legal.getByRole('link', { name: 'Ver registro público da autorização' });
  await expect(record).toHaveAttribute('href', /^https:\/\//);
  const recordUrl = await record.getAttribute('href');
  // The footer states it too.
  await expect(page.getByRole('contentinfo').getByTestId('operator-authorization')).toContainText(
    'Autorizado por',
  );
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/support');
  const log = page.getByRole('log', { name: 'Conversa com o suporte' });
  const box = page.getByLabel('Sua mensagem');
  await box.fill('isso é legal? vocês são autorizados?');
  await box.press('Enter');
  await expect(log.getByText(/Autorizado por .+, de \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  await expect(log).toContainText(recordUrl!);
  await keepScreenshot(page, 'test-results/operator-authorization-phone.png', { fullPage: true });
});
