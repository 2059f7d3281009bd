import { expect, test } from '@playwright/test';

test('the footer opens the Termos de Uso and the Regulamento, with the operator', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Sorteio Certo Demonstração Ltda.');
  await expect(footer).toContainText('CNPJ 11.222.333/0001-81');

  await footer.getByRole('link', { name: 'Termos de Uso' }).click();
  await expect(page).toHaveURL(/\/termos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  await expect(page.getByText(/^Versão \d{4}-\d{2}-\d{2} · Em vigor desde/)).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Regulamento' }).click();
  await expect(page).toHaveURL(/\/regulamento$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Regulamento dos Sorteios' }),
  ).toBeVisible();
});

test('sign-up is refused without the acceptance, and the links keep the form', async ({
  page,
  context,
}) => {
  const email = `sem.aceite.${Date.now().toString(36)}@teste.com.br`;
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('minha-senha-1');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  const message = 'Para criar a conta, aceite os Termos de Uso e o Regulamento dos Sorteios.';
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page).toHaveURL(/\/register/);

  // The document opens in another tab; what was typed stays.
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page
      .locator('form')
      .getByRole('link', { name: /Termos de Uso/ })
      .click(),
  ]);
  await expect(terms.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  await terms.close();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  // The server refuses it too, whatever the page does.
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'minha-senha-1', name: 'sem.aceite' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.message).toBe(message);
});
