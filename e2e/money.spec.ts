import { type Page, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { apiSession, demoCredentials, signInByApi, signedInContext } from './support/session';

test.describe.configure({ mode: 'serial' });

/** Creates a room through the administrators' API and returns its id. */
async function adminCreateRoom(body: Record<string, unknown>) {
  const request = await apiSession(demoCredentials().admin);
  const res = await request.post('/api/admin/rooms', { data: body, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await res.json()) as { id: string }).id;
  await request.dispose();
  return id;
}

async function dashboardFigure(page: Page, label: string): Promise<string> {
  await page.goto('/dashboard');
  const value = page
    .locator('[data-slot="card"]')
    .filter({ hasText: label })
    .first()
    .locator('span.tabular-nums');
  await expect(value).toBeVisible();
  return value.innerText();
}

test('a verified player joins by PIX, copies the code, pays with the simulator and sees it confirmed', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin() });
  const roomId = await adminCreateRoom({
    tipoSala: 'ouro',
    valorEntrada: 2000,
    maxParticipantes: 10,
    taxaPersonalizadaBp: 1500,
  });
  const player = demoCredentials().players[0]!;
  await signInByApi(page, player);
  const before = await dashboardFigure(page, 'Total Participações');

  await page.goto(`/participate?sala_id=${roomId}`);
  await expect(page.getByText('Compromisso do sorteio')).toBeVisible();
  await page.getByRole('button', { name: 'Participar Agora' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/PIX/).check();
  await dialog.getByRole('button', { name: 'Participar', exact: true }).click();
  await expect(page.getByText('Participação Criada!')).toBeVisible();
  await expect(page).toHaveURL(/\/payment\?participacao_id=/);
  // The charge is generated at once (no 'Gerar PIX' tap).
  await expect(page.getByRole('img', { name: /QR/i })).toBeVisible();
  await expect(page.getByText('Aguardando pagamento...')).toBeVisible();
  await page
    .getByRole('button', { name: /Copiar/ })
    .first()
    .click();
  await expect(page.getByText('Código PIX copiado!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^000201/);
  expect(copied).toMatch(/6304[0-9A-F]{4}$/);
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page.getByText('Pagamento Confirmado!').first()).toBeVisible({ timeout: 15_000 });

  await page.goto('/history');
  await expect(page.getByText(/ouro/i).first()).toBeVisible();
  const after = await dashboardFigure(page, 'Total Participações');
  expect(Number(after)).toBe(Number(before) + 1);
});

test('joins by balance; is told when the balance is short; sees the already-joined and full-room messages', async ({
  page,
  browser,
}) => {
  const balanceRoom = await adminCreateRoom({
    tipoSala: 'prata',
    valorEntrada: 1000,
    maxParticipantes: 10,
    taxaPersonalizadaBp: 2000,
  });
  const expensive = await adminCreateRoom({
    tipoSala: 'vip_ultra',
    valorEntrada: 500_000,
    maxParticipantes: 2,
    taxaPersonalizadaBp: 1000,
  });
  const tiny = await adminCreateRoom({
    tipoSala: 'bronze',
    valorEntrada: 500,
    maxParticipantes: 2,
    taxaPersonalizadaBp: 2000,
  });
  const [joao, maria, ana] = demoCredentials().players;
  await page.context().clearCookies();
  await signInByApi(page, joao!);

  await page.goto(`/participate?sala_id=${balanceRoom}`);
  await page.getByRole('button', { name: 'Participar Agora' }).click();
  await page.getByRole('dialog').getByLabel(/Saldo/).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Participar', exact: true }).click();
  // Paying from the balance asks for confirmation with the amount; 'Voltar' pays nothing.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Pagar R$\u00a010,00 com o seu Saldo?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await dialog.getByRole('button', { name: 'Participar', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(page.getByText('Participação Confirmada!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Você já está participando desta sala!')).toBeVisible();

  await page.goto(`/participate?sala_id=${expensive}`);
  await page.getByRole('button', { name: 'Participar Agora' }).click();
  await page.getByRole('dialog').getByLabel(/Saldo/).check();
  await expect(
    page.getByText('Saldo insuficiente. Adicione saldo na seção Cashback.'),
  ).toBeVisible();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: 'Participar', exact: true }),
  ).toBeDisabled();

  // Two other players hold the two seats of the small room (PIX, not yet paid): it is full.
  for (const other of [maria!, ana!]) {
    const ctx = await signedInContext(browser, other);
    const join = await ctx.request.post(`/api/rooms/${tiny}/join`, {
      data: { metodo: 'pix' },
      headers: { origin: origin() },
    });
    expect(join.status(), await join.text()).toBe(200);
    await ctx.close();
  }
  await page.goto(`/participate?sala_id=${tiny}`);
  await expect(page.getByText('Esta sala está cheia!')).toBeVisible();
});

test('a room fills, is drawn, the winner sees Vencedor, and the proof verifies in the browser', async ({
  page,
  browser,
}) => {
  const roomId = await adminCreateRoom({
    tipoSala: 'platina',
    valorEntrada: 1000,
    maxParticipantes: 2,
    taxaPersonalizadaBp: 1000,
  });
  const [joao, maria] = demoCredentials().players;
  const contexts = [];
  for (const who of [joao!, maria!]) {
    const ctx = await signedInContext(browser, who);
    contexts.push({ who, ctx });
  }
  // Both pay by PIX through the simulator; the last payment closes and draws the room.
  for (const { ctx } of contexts) {
    const join = await (
      await ctx.request.post(`/api/rooms/${roomId}/join`, {
        data: { metodo: 'pix' },
        headers: { origin: origin() },
      })
    ).json();
    const charge = await (
      await ctx.request.post('/api/payments/pix', {
        data: { participacaoId: join.participation.id },
        headers: { origin: origin() },
      })
    ).json();
    expect(
      (
        await ctx.request.post(`/api/payments/pix/${charge.txid}/simulate`, {
          headers: { origin: origin() },
        })
      ).status(),
    ).toBe(200);
  }
  const draws = await (await page.request.get('/api/draws')).json();
  const draw = draws.items.find((d: { roomId: string }) => d.roomId === roomId);
  expect(draw).toBeDefined();
  const proof = await (await page.request.get(`/api/draws/${draw.id}/proof`)).json();
  const winner =
    contexts.find(({ ctx }) => ctx) &&
    (
      await Promise.all(
        contexts.map(async ({ who, ctx }) => {
          const history = await (await ctx.request.get('/api/history')).json();
          const item = history.items.find((i: { room: { id: string } }) => i.room.id === roomId);
          return item.participation.ehVencedor ? who : null;
        }),
      )
    ).find(Boolean);
  expect(winner).toBeTruthy();
  for (const { ctx } of contexts) await ctx.close();

  await page.context().clearCookies();
  await signInByApi(page, winner!);
  await page.goto('/history');
  await expect(page.getByText('Vencedor').first()).toBeVisible();
  await expect(page.getByText(proof.hash_prova.slice(0, 16)).first()).toBeVisible();

  await page.goto(`/sorteios/${draw.id}`);
  await expect(page.getByText('Sorteio verificado: todas as verificações conferem.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Não confere')).toHaveCount(0);
  // The prize goes out by PIX to the winner's key (the simulator confirms it on the next job round).
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/draws')).json()).items.find(
          (d: { id: string }) => d.id === draw.id,
        ).statusPagamentoPremio,
      { timeout: 40_000, intervals: [250, 500, 1_000] },
    )
    .toBe('confirmado');
});
