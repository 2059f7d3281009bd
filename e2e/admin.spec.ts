/**
 * The administrator's journey (issue "Administrator area"): the panel with real figures, the
 * sidebar (Ctrl+B, and as a drawer at 390 px), an identity review with a rejection the player
 * reads and a resend that is approved, a room created and seen by a player, the CSV reports, and
 * a support employee who sees only what the role allows.
 */
import { readFileSync } from 'node:fs';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { makePng } from './support/images';
import { waitForLink } from './support/mailbox';
import { type Player, newPlayer, signInWithForm } from './support/players';
import { demoCredentials, signInByApi } from './support/session';

const headers = () => ({ origin: origin() });
const integer = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

async function signInAsAdmin(page: Page) {
  await signInByApi(page, demoCredentials().admin);
}

/** The value of one of the dashboard's metric cards. */
function metric(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'Métricas' })
    .locator('[data-slot="card"]')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('[data-slot="card-content"] p')
    .first();
}

interface DashboardMetrics {
  totalUsers: number;
  openRooms: number;
  participations: number;
  draws: number;
  pendingPrizes: number;
}

test('the administrator signs in, sees real figures and uses the sidebar (Ctrl+B, drawer at 390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = demoCredentials().admin;
  await signInWithForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Gerenciamento da Plataforma' })).toBeVisible();

  // The cards show what the database holds (the dashboard API), not placeholders.
  const read = async () =>
    (
      (await (await page.request.get('/api/admin/dashboard')).json()) as {
        metrics: DashboardMetrics;
      }
    ).metrics;
  const before = await read();
  expect(before.totalUsers).toBeGreaterThan(0);
  expect(before.draws).toBeGreaterThan(0); // the demo seed draws a few rooms
  await expect(metric(page, 'Total de usuários')).toHaveText(integer(before.totalUsers));
  await expect(metric(page, 'Salas ativas')).toHaveText(integer(before.openRooms));
  await expect(metric(page, 'Participações')).toHaveText(integer(before.participations));
  await expect(metric(page, 'Sorteios realizados')).toHaveText(integer(before.draws));
  await expect(metric(page, 'Prêmios pendentes')).toHaveText(integer(before.pendingPrizes));

  // A room opened meanwhile shows up after 'Atualizar Dados'.
  const created = await page.request.post('/api/admin/rooms', {
    data: { tipoSala: 'bronze', valorEntrada: 700, maxParticipantes: 5, taxaPersonalizadaBp: 1000 },
    headers: headers(),
  });
  expect(created.status(), await created.text()).toBe(200);
  await page.getByRole('button', { name: 'Atualizar Dados' }).click();
  await expect(page.getByText('Dados atualizados!')).toBeVisible();
  await expect(metric(page, 'Salas ativas')).toHaveText(integer(before.openRooms + 1));

  // The sidebar: an entry opens its tab; Ctrl+B collapses it to icons and back.
  const sidebar = page.getByRole('navigation', { name: 'Menu administrativo' });
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await sidebar.getByRole('link', { name: 'Salas' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=rooms$/);
  await expect(page.getByRole('heading', { name: 'Salas', level: 2 })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Salas' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const wide = (await sidebar.boundingBox())!.width;
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect(page.getByRole('button', { name: 'Expandir menu administrativo' })).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(64);
  expect(wide).toBeGreaterThan(200);
  // Collapsed, the entries keep their names (icons only on screen).
  await sidebar.getByRole('link', { name: 'Financeiro' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=financial$/);
  // The state is kept (cookie) across a reload.
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect(page.getByRole('button', { name: 'Recolher menu administrativo' })).toBeVisible();

  // At 390 px the sidebar is a drawer opened by the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menu administrativo' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu administrativo' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Gerenciar Usuários' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await expect(page.getByRole('heading', { name: 'Gerenciar Usuários' })).toBeVisible();
  // Ctrl+B opens the drawer too.
  await page.keyboard.press('Control+b');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

/** Sends a document photo and a selfie from the player's verification tab. */
async function sendDocuments(player: Player, number: string, seed: number) {
  const { page } = player;
  await page.getByLabel('Tipo de documento').selectOption('rg');
  await page.getByLabel('Número do documento').fill(number);
  await page.getByLabel('Foto do documento').setInputFiles({
    name: 'documento.png',
    mimeType: 'image/png',
    buffer: makePng(800 + seed, 500),
  });
  await page
    .getByLabel('Selfie')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: makePng(480, 640 + seed) });
  await page.getByRole('button', { name: 'Enviar documentos' }).click();
  // Pictures without a face: the automated checks hand the case to staff.
  await expect(page.getByText('Verificação em análise')).toBeVisible({ timeout: 25_000 });
}

/** Opens the player's case from the identity review queue of the users tab. */
async function openCase(page: Page, player: Player) {
  await page.goto('/admin?tab=users');
  const queue = page.getByRole('table', { name: 'Fila de verificação de identidade' });
  await queue
    .getByRole('row', { name: new RegExp(player.email.replace(/\./g, '\\.')) })
    .getByRole('button', { name: 'Revisar' })
    .click();
  const sheet = page.getByRole('dialog', { name: player.name });
  await expect(sheet).toBeVisible();
  return sheet;
}

async function loaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

test('the administrator reviews an identity: sees both images, rejects with a reason the player reads, approves the resend', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const player = await newPlayer(browser, { name: `Rita Revisada ${Date.now() % 10_000}` });
  await player.page.goto('/profile?tab=verificacao');
  await sendDocuments(player, `RG-${Date.now()}`, 0);

  await signInAsAdmin(page);
  let sheet = await openCase(page, player);
  await expect(sheet.getByText('Em análise', { exact: true })).toBeVisible();
  // Both images load through the reviewers' route, which needs a staff session.
  const documento = sheet.getByRole('img', { name: 'Documento enviado' });
  const selfie = sheet.getByRole('img', { name: 'Selfie enviada' });
  await loaded(documento);
  await loaded(selfie);
  const src = (await documento.getAttribute('src'))!;
  expect(src).toMatch(/^\/api\/admin\/verifications\/[^/]+\/files\/documento$/);
  expect(await selfie.getAttribute('src')).toBe(src.replace(/documento$/, 'selfie'));
  const anonymous = await playwright.request.newContext({ baseURL: origin() });
  expect((await anonymous.get(src)).status()).toBe(401);
  await anonymous.dispose();
  expect((await player.context.request.get(src)).status()).toBe(403);

  // Rejecting needs a reason.
  await sheet.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(sheet.getByText('Informe o motivo da rejeição.')).toBeVisible();
  const reason = 'A foto do documento está ilegível: envie uma foto nítida, sem reflexo.';
  await sheet.getByLabel('Motivo (obrigatório para rejeitar)').fill(reason);
  await sheet.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(
    page.getByText('Verificação rejeitada. O usuário foi avisado do motivo por e-mail.'),
  ).toBeVisible();
  await expect(sheet.getByText('Rejeitado', { exact: true })).toBeVisible();
  await expect(sheet.getByText(reason)).toBeVisible();

  // The player follows the e-mail to the verification tab and reads the reason there.
  const link = await waitForLink(player.email, '/profile?tab=');
  await player.page.goto(link);
  await expect(player.page.getByRole('tab', { name: 'Verificação' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(player.page.getByText('Verificação rejeitada')).toBeVisible();
  await expect(player.page.getByText(`Motivo: ${reason}`)).toBeVisible();

  // They send new pictures; the case is back in the queue and the administrator approves it.
  await sendDocuments(player, `RG-${Date.now()}`, 7);
  sheet = await openCase(page, player);
  await expect(sheet.getByText('Em análise', { exact: true })).toBeVisible();
  await loaded(sheet.getByRole('img', { name: 'Documento enviado' }));
  await sheet.getByRole('button', { name: 'Aprovar' }).click();
  await expect(
    page.getByText('Identidade aprovada. O usuário foi avisado por e-mail.'),
  ).toBeVisible();
  await expect(sheet.getByText('Verificado', { exact: true })).toBeVisible();

  await player.page.reload();
  await expect(player.page.getByText('Identidade verificada', { exact: true })).toBeVisible();
  await player.context.close();
});

test('the administrator creates a room in the rooms tab and a player finds it on the participate page', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin?tab=rooms');
  await page.getByRole('button', { name: 'Nova Sala' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Sala' });
  // An entry value no other room has, so the player's card is this room's.
  const cents = 3000 + (Date.now() % 900);
  const entry = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
    cents / 100,
  );
  await dialog.getByLabel('Tipo de sala').selectOption('platina');
  await dialog.getByLabel('Valor de entrada (R$)').fill((cents / 100).toFixed(2).replace('.', ','));
  await dialog.getByLabel('Máx. participantes').fill('7');
  await dialog.getByLabel('Taxa da plataforma (%)').fill('10');
  const prize = dialog.getByRole('definition').filter({ hasText: /R\$/ }).last(); // 'Prêmio líquido'
  const net = (await prize.innerText()).trim();
  // 7 × entry, less the 10 % fee rounded half up to the centavo (integer arithmetic).
  const gross = cents * 7;
  const fee = Math.floor((gross * 1000 + 5000) / 10_000);
  expect(net.replace(/\s/g, ' ')).toBe(
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
      .format((gross - fee) / 100)
      .replace(/\s/g, ' '),
  );
  await dialog.getByRole('button', { name: 'Criar Sala' }).click();
  await expect(page.getByText('Sala Criada!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: entry });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Aberta')).toBeVisible();
  await expect(row.getByText('0/7')).toBeVisible();

  const context = await browser.newContext({ baseURL: origin() });
  const playerPage = await context.newPage();
  await signInByApi(playerPage, demoCredentials().players[2]!);
  await playerPage.goto('/participate');
  const card = playerPage.getByRole('listitem').filter({ hasText: entry });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Sala Platina' })).toBeVisible();
  await expect(card.getByText(net)).toBeVisible();
  await expect(card.getByText('0/7')).toBeVisible();
  await card.getByRole('link', { name: 'Participar' }).click();
  await expect(playerPage).toHaveURL(/\/participate\?sala_id=/);
  await expect(playerPage.getByRole('button', { name: 'Participar Agora' })).toBeVisible();
  await context.close();
});

test('the administrator downloads the four CSV reports of the financial tab', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin?tab=financial');
  await page.getByRole('tab', { name: 'Relatórios' }).click();
  const expected = [
    ['Exportar transações', 'transacoes', 'Data;Jogador;E-mail;Tipo de sala;Número da sorte'],
    ['Relatório mensal', 'relatorio-mensal', 'Mês;Participações;Receita bruta (R$)'],
    ['Análise por categoria', 'analise-por-categoria', 'Tipo de sala;Participações;Receita (R$)'],
    ['Relatório de crescimento', 'relatorio-de-crescimento', 'Mês;Novos usuários'],
  ] as const;
  for (const [label, file, header] of expected) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: label }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${file}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const bytes = readFileSync(await download.path());
    // UTF-8 with a BOM, so Excel in Portuguese opens the accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]!.startsWith(header), `${label}: ${lines[0]}`).toBe(true);
    // Every data row has as many ';'-separated cells as the header.
    const columns = lines[0]!.split(';').length;
    const rows = lines.slice(1).filter(Boolean);
    expect(rows.length, label).toBeGreaterThan(0); // the demo seed has paid and drawn rooms
    for (const r of rows) expect(r.split(';').length, `${label}: ${r}`).toBe(columns);
  }
});

test('the administrator adds a support employee, who sets a password from the e-mailed link, lands on the admin area and sees only what the role allows', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Menu administrativo' })
    .getByRole('link', { name: 'Adicionar Funcionário' })
    .click();
  await expect(page).toHaveURL(/\/admin\/add-employee$/);
  const email = `suporte.${Date.now().toString(36)}@teste.com.br`;
  await page.getByLabel('E-mail *').fill(email);
  await page.getByLabel('Nome completo *').fill('Sérgio Suporte');
  await page.getByLabel('Cargo').selectOption({ label: 'Suporte' });
  await page.getByRole('button', { name: 'Adicionar Funcionário' }).click();
  // No password is shown: the toast says where the set-password link went.
  const toast = page.getByRole('status').filter({ hasText: `Enviamos para ${email}` });
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText('Senha temporária');

  const context = await browser.newContext({ baseURL: origin() });
  const staff = await context.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  // Until the link is used, the account cannot be signed into.
  const early = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'qualquer-senha-1' },
    headers: headers(),
  });
  expect(early.status()).toBe(401);

  const link = await waitForLink(email, '/set-password');
  const token = new URL(link).searchParams.get('token') ?? '';
  await staff.goto(link);
  await staff.getByLabel('Nova senha', { exact: true }).fill('senha-do-sergio-1');
  await staff.getByLabel('Confirmar nova senha').fill('senha-do-sergio-1');
  await staff.getByRole('button', { name: 'Definir senha' }).click();
  await expect(staff.getByText('Senha definida!')).toBeVisible();
  await expect(staff).toHaveURL(/\/login$/);

  // Staff land on the admin area after signing in: never the player dashboard or its first steps.
  await signInWithForm(staff, email, 'senha-do-sergio-1');
  await expect(staff).toHaveURL(/\/admin(\?|$)/);
  await expect(staff.getByText('Primeiros passos')).toHaveCount(0);

  // Support: users (with the identity queue) and the support tickets, nothing else.
  await staff.goto('/admin');
  await expect(staff.getByRole('heading', { name: 'Gerenciar Usuários' })).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Verificações de identidade' })).toBeVisible();
  await expect(
    staff.getByRole('navigation', { name: 'Menu administrativo' }).getByRole('link'),
  ).toHaveText(['Gerenciar Usuários', 'Suporte']);
  await expect(
    staff.getByRole('navigation', { name: 'Abas do painel' }).getByRole('link'),
  ).toHaveText(['Usuários', 'Suporte']);
  await expect(staff.getByRole('button', { name: 'Diagnóstico' })).toHaveCount(0);
  await expect(staff.getByRole('button', { name: 'Adicionar Usuário' })).toHaveCount(0);

  for (const path of ['/admin?tab=financial', '/admin?tab=settings', '/admin/add-employee']) {
    await staff.goto(path);
    await expect(staff.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  }
  // The server refuses the same, whatever the screen shows.
  const report = await context.request.get('/api/admin/finance/reports/transactions');
  expect(report.status()).toBe(403);
  const rooms = await context.request.post('/api/admin/rooms', {
    data: { tipoSala: 'bronze', valorEntrada: 500, maxParticipantes: 5, taxaPersonalizadaBp: 1000 },
    headers: headers(),
  });
  expect(rooms.status()).toBe(403);

  // The administrator sees the employee's session under 'Sessões da equipe' and ends it.
  await page
    .getByRole('navigation', { name: 'Menu administrativo' })
    .getByRole('link', { name: 'Sessões da equipe' })
    .click();
  const sessions = page.getByRole('table', { name: 'Sessões da equipe' });
  await sessions.getByRole('button', { name: 'Encerrar a sessão de Sérgio Suporte' }).click();
  await page
    .getByRole('alertdialog', { name: 'Encerrar esta sessão?' })
    .getByRole('button', { name: 'Encerrar sessão' })
    .click();
  await expect(
    page.getByText('A sessão de Sérgio Suporte foi encerrada. A pessoa precisa entrar de novo.'),
  ).toBeVisible();
  await expect(sessions.getByText('Sérgio Suporte')).toHaveCount(0);
  const after = await context.request.get('/api/me');
  expect((await after.json()) as unknown).toEqual({ user: null });
  await context.close();

  // The link was single use.
  const again = await browser.newContext({ baseURL: origin() });
  const reuse = await again.request.post('/api/auth/reset-password', {
    data: { newPassword: 'outra-senha-22', token },
    headers: headers(),
  });
  expect(reuse.status()).toBe(400);
  await again.close();
});
