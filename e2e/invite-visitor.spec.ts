/**
 * A visitor on a phone, from a private-room invite link to a seat in that room: the room is shown
 * before any account exists, 'Criar conta e entrar' goes through sign-up, the e-mail confirmation
 * and sign-in back to the invite, the identity step is offered on the page, the seat is paid, the
 * room fills and is drawn, and the notice of the draw reaches the player on whatever screen they
 * are, leading back to the room.
 */
import { type BrowserContext, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { makePng } from './support/images';
import { waitForLink } from './support/mailbox';
import { cpfFrom, submitSignIn, submitSignUp } from './support/players';
import { demoCredentials, useSession } from './support/session';
import { keepScreenshot } from './support/screenshots';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const headers = () => ({ origin: origin() });

/** Pays a seat by the PIX simulator, through the API (the creator's seat). */
async function payByPix(context: BrowserContext, participacaoId: string) {
  const charge = await context.request.post('/api/payments/pix', {
    data: { participacaoId },
    headers: headers(),
  });
  expect(charge.status(), await charge.text()).toBe(200);
  const txid = ((await charge.json()) as { txid: string }).txid;
  const paid = await context.request.post(`/api/payments/pix/${txid}/simulate`, {
    headers: headers(),
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

test('a visitor opens an invite link, signs up, verifies, takes and pays the seat, and sees the room drawn', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // Player A creates a private room for two, takes the first seat and pays it.
  const creator = await browser.newContext({ baseURL: origin() });
  await useSession(creator, demoCredentials().players[0]!);
  const created = await creator.request.post('/api/private-rooms', {
    data: { roomName: 'Bolão do visitante', entryValue: 800, maxParticipants: 2 },
    headers: headers(),
  });
  expect(created.status(), await created.text()).toBe(200);
  const room = (await created.json()) as { id: string; inviteLink: string; feeBp: number };
  const invitePath = new URL(room.inviteLink).pathname;
  const seat = await creator.request.post(
    `${invitePath.replace('/private-room-invite/', '/api/private-rooms/invite/')}/join`,
    {
      headers: headers(),
    },
  );
  expect(seat.status(), await seat.text()).toBe(200);
  await payByPix(
    creator,
    ((await seat.json()) as { participation: { id: string } }).participation.id,
  );
  await creator.close();

  // A visitor (no account) opens the link on a phone and sees the room before anything else.
  const friend = await browser.newContext({ baseURL: origin(), ...phone });
  const page = await friend.newPage();
  await page.goto(invitePath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Entrar na Sala Privada' }),
  ).toBeVisible();
  await expect(page.getByText('Você foi convidado para a sala: Bolão do visitante')).toBeVisible();
  await expect(page.getByText('Valor de entrada: R$ 8,00')).toBeVisible();
  const invite = (await (
    await page.request.get(
      invitePath.replace('/private-room-invite/', '/api/private-rooms/invite/'),
    )
  ).json()) as { invitedBy: string; platformFee: number; prizeTotal: number };
  expect(invite.platformFee + invite.prizeTotal).toBe(1600);
  const fact = (label: string | RegExp) =>
    page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(fact('Vagas ocupadas')).toHaveText('1/2');
  await expect(fact(/^Taxa da Plataforma/)).toHaveText(
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
      invite.platformFee / 100,
    ),
  );
  await expect(fact('Prêmio Total')).toHaveText(
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
      invite.prizeTotal / 100,
    ),
  );
  await expect(page.getByText(`${invite.invitedBy} convidou você`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Já tenho conta' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await keepScreenshot(page, testInfo.outputPath('invite-visitor-390.png'), { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo.outputPath('invite-visitor-1280.png'), { fullPage: true });
  await page.setViewportSize(phone.viewport);

  // 'Criar conta e entrar': sign-up, the confirmation e-mail, sign-in, back on the invite.
  await page.getByRole('link', { name: 'Criar conta e entrar' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=/);
  await expect(page.getByText('Você foi convidado!')).toBeVisible();
  const email = `visitante.${Date.now().toString(36)}@teste.com.br`;
  const password = 'senha-do-visitante-1';
  await submitSignUp(page, email, password);
  await expect(page).toHaveURL(/\/verify-email/);
  await page.goto(await waitForLink(email, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/login\?.*verified=1/);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${invitePath}$`));

  // Not verified yet: the next step stays on the page, with its button.
  await page.getByRole('button', { name: 'Entrar na Sala' }).click();
  const step = page.getByRole('region', {
    name: 'Falta verificar sua identidade para entrar na sala',
  });
  await expect(step).toBeVisible();
  await step.getByRole('link', { name: 'Enviar documento' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=verificacao/);

  // Profile (name, CPF, birth date: an adult), then the document and the selfie.
  await page.getByRole('tab', { name: 'Perfil' }).click();
  await page.getByLabel('Nome completo').fill('Visitante Convidada');
  await page.getByLabel('Tipo da chave PIX').selectOption('email');
  await page.getByLabel('Chave PIX', { exact: true }).fill(email);
  await page.getByLabel('CPF', { exact: true }).fill(cpfFrom(`${Date.now()}`.slice(-9)));
  await page.getByLabel('Telefone').fill(`119${`${Date.now()}`.slice(-8)}`);
  await page.getByLabel('Data de nascimento').fill('1994-03-12');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Perfil Atualizado')).toBeVisible();
  await page.getByRole('tab', { name: 'Verificação' }).click();
  await page.getByLabel('Tipo de documento').selectOption('rg');
  await page.getByLabel('Número do documento').fill(`RG-${Date.now()}`);
  await page
    .getByLabel('Foto do documento')
    .setInputFiles({ name: 'documento.png', mimeType: 'image/png', buffer: makePng(801, 500) });
  await page
    .getByLabel('Selfie')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: makePng(480, 641) });
  await page.getByRole('button', { name: 'Enviar documentos' }).click();
  await expect(page.getByText('Verificação em análise')).toBeVisible({ timeout: 60_000 });

  // Staff approve the identity (pictures without a face go to review).
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const admin = await browser.newContext({ baseURL: origin() });
  await useSession(admin, demoCredentials().admin);
  const review = await admin.request.post(`/api/admin/verifications/${me.user.id}/review`, {
    data: { decision: 'aprovar' },
    headers: headers(),
  });
  expect(review.status(), await review.text()).toBe(200);
  await admin.close();

  // Back to the invite from the profile, and the seat is taken.
  await page.reload();
  await page.getByRole('link', { name: 'Voltar para a sala' }).click();
  await expect(page).toHaveURL(new RegExp(`${invitePath}$`));
  await page.getByRole('button', { name: 'Entrar na Sala' }).click();
  await expect(page).toHaveURL(new RegExp(`/private-room/${room.id}`));
  await expect(page.getByText('Você entrou na sala!')).toBeVisible();

  // Paid by PIX: the room fills and is drawn; the notice reaches the player on another screen.
  await page.getByRole('button', { name: 'Gerar Código PIX' }).click();
  await expect(page.getByText('PIX Gerado!').first()).toBeVisible();
  await page.goto('/stats');
  await expect(page.getByRole('heading', { name: 'Minhas Estatísticas' })).toBeVisible();
  const charge = (await (await page.request.get(`/api/private-rooms/${room.id}`)).json()) as {
    myPayment: { txid: string };
  };
  const paid = await page.request.post(`/api/payments/pix/${charge.myPayment.txid}/simulate`, {
    headers: headers(),
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const notices = page.getByRole('region', { name: 'Avisos das suas salas' });
  await expect(notices.getByText(/^(Você ganhou!|Sorteio realizado)$/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(notices.getByText('Sua sala está completa')).toBeVisible();
  await keepScreenshot(page, testInfo.outputPath('invite-notice-390.png'));
  await notices
    .getByRole('status')
    .filter({ hasText: /Você ganhou!|Sorteio realizado/ })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/private-room/${room.id}`));
  await expect(page.getByRole('heading', { name: 'Bolão do visitante' }).first()).toBeVisible();
  await friend.close();
});
