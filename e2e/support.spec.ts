import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { postOk } from './support/api';
import { origin } from './support/env';
import { setPasswordFromMail } from './support/mailbox';
import { demoCredentials, signInByApi, signedInContext } from './support/session';
import { keepScreenshot } from './support/screenshots';

test.describe.configure({ mode: 'serial' });

async function post(request: APIRequestContext, url: string, data?: unknown) {
  return (await postOk(request, url, data)).json() as Promise<Record<string, unknown>>;
}

/** A support employee created by the administrator, with their own password set. */
async function supportEmployee(browser: Browser) {
  const admin = await signedInContext(browser, demoCredentials().admin);
  const email = `suporte.${Date.now().toString(36)}@teste.com.br`;
  await post(admin.request, '/api/admin/users', {
    kind: 'employee',
    nome_completo: 'Paula Suporte',
    email,
    role: 'support',
  });
  await admin.close();
  const context = await browser.newContext({ baseURL: origin() });
  const request = context.request;
  await setPasswordFromMail(request, email, 'senha-da-paula-1');
  await post(request, '/api/auth/sign-in/email', { email, password: 'senha-da-paula-1' });
  return context;
}

test('a player asks, reads answers and their balance, opens a ticket; support answers; the player sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const player = demoCredentials().players[1]!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, player);
  const wallet = (await (await page.request.get('/api/wallet')).json()) as { saldo: number };
  const saldo = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
    wallet.saldo / 100,
  );

  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Central de Suporte', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Como usar a plataforma/ })).toHaveAttribute(
    'href',
    '/tutorial',
  );
  await expect(page.getByRole('link', { name: /Política de Privacidade/ })).toHaveAttribute(
    'href',
    '/privacy',
  );

  const log = page.getByRole('log', { name: 'Conversa com o suporte' });
  const box = page.getByLabel('Sua mensagem');
  // Whitespace is not sent.
  await box.fill('   ');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();

  await box.fill('como saco meu premio?');
  await box.press('Enter');
  await expect(log.getByText(/saque mínimo é de R\$\s10,00/)).toBeVisible();
  await expect(log.getByRole('link', { name: '/cashback' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Qual é o meu saldo?' }).click();
  await expect(log.getByText(`Seu saldo é de ${saldo}`, { exact: false })).toBeVisible();
  await keepScreenshot(page, 'test-results/support-desktop.png', { fullPage: true });

  await page.getByRole('button', { name: 'Falar com um atendente' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Sua mensagem')
    .fill('Meu PIX caiu e não apareceu no saldo. <b>urgente</b>');
  await dialog.getByRole('button', { name: 'Enviar para a equipe' }).click();
  await expect(dialog).toBeHidden();
  const tickets = page.locator('#meus-atendimentos');
  // Shown as text, never as HTML.
  await expect(
    tickets.getByText('Meu PIX caiu e não apareceu no saldo. <b>urgente</b>').first(),
  ).toBeVisible();
  await expect(tickets.getByText('Aguardando atendente')).toBeVisible();

  // The support employee answers from the administrator area.
  const staff = await supportEmployee(browser);
  const staffPage = await staff.newPage();
  await staffPage.setViewportSize({ width: 1280, height: 900 });
  await staffPage.goto('/admin?tab=support');
  await staffPage
    .getByRole('button', { name: /Meu PIX caiu e não apareceu no saldo/ })
    .first()
    .click();
  await expect(staffPage.getByText('Qual é o meu saldo?')).toBeVisible();
  await staffPage
    .getByLabel('Resposta ao jogador')
    .fill('Olá! Seu PIX foi confirmado e o saldo já está disponível.');
  await staffPage.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(
    staffPage.getByText('Seu PIX foi confirmado e o saldo já está disponível.'),
  ).toBeVisible();
  await keepScreenshot(staffPage, 'test-results/support-admin-desktop.png', { fullPage: true });
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(staffPage, 'test-results/support-admin-390.png', { fullPage: true });
  await staff.close();

  await page.reload();
  await expect(
    tickets.getByText('Olá! Seu PIX foi confirmado e o saldo já está disponível.'),
  ).toBeVisible();
  await expect(tickets.getByText('Respondido')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'test-results/support-390.png', { fullPage: true });
});

/** True when the page is wider than the viewport (the player would have to scroll sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const width of [360, 390]) {
  test(`on a ${width} px phone a quoted draw hash wraps and the ticket can still be sent`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // João played in the seeded "ouro" draw, so the answer about his last draw quotes its hash.
    const player = demoCredentials().players[0]!;
    await page.setViewportSize({ width, height: 780 });
    await signInByApi(page, player);
    await page.goto('/support');
    const log = page.getByRole('log', { name: 'Conversa com o suporte' });
    await page.getByLabel('Sua mensagem').fill('qual foi o resultado do meu último sorteio?');
    await page.getByLabel('Sua mensagem').press('Enter');
    await expect(log.getByText(/Hash de prova: [0-9a-f]{64}/)).toBeVisible();
    // The player pastes the hash back: their own bubble holds the unbroken 64 characters too.
    const hash = /[0-9a-f]{64}/.exec((await log.textContent()) ?? '')![0];
    await page.getByLabel('Sua mensagem').fill(`${hash}`);
    await page.getByLabel('Sua mensagem').press('Enter');
    // The bubble reads "Você: <hash>" to a screen reader.
    await expect(log.getByText(`Você: ${hash}`, { exact: true })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: 'Falar com um atendente' }).click();
    const dialog = page.getByRole('dialog');
    const send = dialog.getByRole('button', { name: 'Enviar para a equipe' });
    await expect(send).toBeVisible();
    await expect(send).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, `test-results/support-hash-dialog-${width}.png`);
    await send.click();
    await expect(dialog).toBeHidden();
    const tickets = page.locator('#meus-atendimentos');
    await expect(tickets.getByText(hash).first()).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await keepScreenshot(page, `test-results/support-hash-${width}.png`, { fullPage: true });
  });
}
