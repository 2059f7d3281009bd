/**
 * The player's path, as a new player on a phone meets it: an invitation that survives sign-up,
 * the first steps on the dashboard, the two money names, and the moment a room is drawn with the
 * lucky numbers in their readable form.
 */
import { type BrowserContext, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { waitForLink } from './support/mailbox';
import { deletePlayer, newPlayer, submitSignIn, submitSignUp } from './support/players';
import { demoCredentials, useSession } from './support/session';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const headers = () => ({ origin: origin() });

test('a friend invited by link signs up, confirms the e-mail and lands in the invited room', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  // João creates a private room and shares its invite link.
  const creator = await browser.newContext({ baseURL: origin() });
  await useSession(creator, demoCredentials().players[0]!);
  const created = await creator.request.post('/api/private-rooms', {
    data: { roomName: 'Bolão do convite', entryValue: 500, maxParticipants: 5 },
    headers: headers(),
  });
  expect(created.status(), await created.text()).toBe(200);
  const invitePath = new URL(((await created.json()) as { inviteLink: string }).inviteLink)
    .pathname;
  await creator.close();

  // The friend has no account: 'Já tenho conta' then the login's 'Criar conta' keep the room too.
  const friend = await browser.newContext({ baseURL: origin(), ...phone });
  const page = await friend.newPage();
  await page.goto(invitePath);
  await page.getByRole('link', { name: 'Já tenho conta' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/register\?/);
  const email = `amiga.${Date.now().toString(36)}@teste.com.br`;
  const password = 'senha-da-amiga-1';
  await submitSignUp(page, email, password);
  await expect(page).toHaveURL(/\/verify-email/);

  // The confirmation e-mail's link comes back to sign-in, still carrying the room.
  await page.goto(await waitForLink(email, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/login\?.*verified=1/);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(invitePath));
  await expect(page.getByText('Você foi convidado para a sala: Bolão do convite')).toBeVisible();
  await friend.close();
});

test('a new player sees the first steps instead of zero cards, and both money names', async ({
  browser,
}) => {
  const player = await newPlayer(browser);
  try {
    const { page } = player;
    await page.setViewportSize(phone.viewport);
    await page.goto('/dashboard');
    const steps = page.getByRole('region', { name: /Primeiros passos/ });
    await expect(steps).toBeVisible();
    for (const step of [
      'Confirmar e-mail',
      'Completar perfil',
      'Verificar identidade',
      'Primeira participação',
    ])
      await expect(steps.locator('span.font-medium', { hasText: step })).toBeVisible();
    // The identity step leads to where it is done, and says nothing was sent yet.
    await steps.getByRole('link', { name: 'Verificar identidade', exact: true }).click();
    await expect(page).toHaveURL(/tab=verificacao/);
    await expect(page.getByText('Não enviado').first()).toBeVisible();

    // Saldo and Cashback, each named for what it is.
    const demo = await browser.newContext({ baseURL: origin(), ...phone });
    await useSession(demo, demoCredentials().players[1]!);
    const demoPage = await demo.newPage();
    await demoPage.goto('/dashboard');
    const points = demoPage.locator('[data-slot="card"]').filter({ hasText: 'Pontos Atuais' });
    await expect(points.getByText('pode ser sacado')).toBeVisible();
    await expect(points.getByText('só para entradas')).toBeVisible();
    await demoPage.goto('/cashback');
    const balances = demoPage.getByRole('region', { name: 'Saldo', exact: true });
    await expect(balances.getByText('Pode ser sacado', { exact: true })).toBeVisible();
    // /cashback leads with the Saldo: it comes before the Cashback card.
    const saldoBox = await balances.boundingBox();
    const cashbackBox = await demoPage
      .getByRole('region', { name: 'Cashback', exact: true })
      .boundingBox();
    expect(saldoBox!.y).toBeLessThanOrEqual(cashbackBox!.y);
    if (saldoBox!.y === cashbackBox!.y) expect(saldoBox!.x).toBeLessThan(cashbackBox!.x);
    await demo.close();
  } finally {
    await deletePlayer(player);
  }
});

test('the player watching a room sees it fill, a countdown, then the result with readable numbers', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await browser.newContext({ baseURL: origin() });
  await useSession(admin, demoCredentials().admin);
  const res = await admin.request.post('/api/admin/rooms', {
    data: { tipoSala: 'bronze', valorEntrada: 700, maxParticipantes: 2, taxaPersonalizadaBp: 1000 },
    headers: headers(),
  });
  expect(res.status(), await res.text()).toBe(200);
  const roomId = ((await res.json()) as { id: string }).id;
  await admin.close();

  const payBySimulator = async (context: BrowserContext) => {
    const join = await context.request.post(`/api/rooms/${roomId}/join`, {
      data: { metodo: 'pix' },
      headers: headers(),
    });
    expect(join.status(), await join.text()).toBe(200);
    const seat = ((await join.json()) as { participation: { id: string } }).participation.id;
    const charge = await context.request.post('/api/payments/pix', {
      data: { participacaoId: seat },
      headers: headers(),
    });
    const txid = ((await charge.json()) as { txid: string }).txid;
    const paid = await context.request.post(`/api/payments/pix/${txid}/simulate`, {
      headers: headers(),
    });
    expect(paid.status()).toBe(200);
  };

  // Ana takes the first seat and watches the room on her phone.
  const [joao, , ana] = demoCredentials().players;
  const watcher = await browser.newContext({ baseURL: origin(), ...phone });
  await useSession(watcher, ana!);
  await payBySimulator(watcher);
  const page = await watcher.newPage();
  await page.goto(`/participate?sala_id=${roomId}`);
  await expect(page.getByText('Ao vivo').first()).toBeVisible();

  // João takes the last seat: the room fills and is drawn while Ana looks at it.
  const other = await browser.newContext({ baseURL: origin() });
  await useSession(other, joao!);
  await payBySimulator(other);
  await other.close();
  await expect(page.getByText('Sala completa! Sorteando...')).toBeVisible({ timeout: 15_000 });
  const outcome = page.getByText(/^(Você ganhou!|Não foi desta vez)$/);
  await expect(outcome).toBeVisible({ timeout: 15_000 });
  // The drawn room is no longer 'Ao vivo', and its winning number reads in groups.
  await expect(page.getByText('Ao vivo')).toHaveCount(0);
  const lucky = page.locator('[data-lucky-number]').first();
  await expect(lucky).toBeVisible();
  const value = (await lucky.getAttribute('data-lucky-number'))!;
  // The spec's shape: the room type's letter (bronze's is N, luckyNumberPrefixes), 4 digits of
  // the time, 3 random digits.
  expect(value).toMatch(/^N\d{7}$/);
  // Grouped on screen (B 1234 567), but the text is the number exactly as the rules format it,
  // in the typeface that tells O from 0 and I from 1.
  await expect(lucky.locator('span')).toHaveCount(3);
  expect(await lucky.textContent()).toBe(value);
  expect(await lucky.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/JetBrains Mono/);
  await watcher.close();
});
