/**
 * /ganhadores, public: the latest winners and the month's rankings, each player by first name and
 * initial or as 'Anônimo' by their choice in the profile; the proof link opens the draw's check.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { demoCredentials, signedInContext } from './support/session';
import { keepScreenshot } from './support/screenshots';

test.use({ viewport: { width: 390, height: 844 } });

const headers = () => ({ origin: origin() });

async function setAnonymous(request: APIRequestContext, value: boolean) {
  const res = await request.put('/api/profile/privacy', {
    data: { anonimoNosGanhadores: value },
    headers: headers(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** "Maria da Silva Oliveira" -> "Maria O." (packages/shared/src/winners.ts). */
function masked(fullName: string): string {
  const parts = fullName.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]} ${parts.at(-1)![0]!.toUpperCase()}.` : parts[0]!;
}

test('winners: a player who chose Anônimo is hidden, another shows as first name and initial, and the proof opens', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await signedInContext(browser, demoCredentials().admin);
  const created = await admin.request.post('/api/admin/rooms', {
    data: {
      tipoSala: 'master',
      valorEntrada: 20000,
      maxParticipantes: 2,
      taxaPersonalizadaBp: 1000,
    },
    headers: headers(),
  });
  expect(created.status(), await created.text()).toBe(200);
  const roomId = ((await created.json()) as { id: string }).id;
  await admin.close();

  // Two demo players take the two seats by PIX (the simulator pays): the room is drawn.
  const [joao, maria] = demoCredentials().players;
  const players = [];
  for (const who of [joao!, maria!]) {
    const context = await signedInContext(browser, who);
    const join = await (
      await context.request.post(`/api/rooms/${roomId}/join`, {
        data: { metodo: 'pix' },
        headers: headers(),
      })
    ).json();
    const charge = await (
      await context.request.post('/api/payments/pix', {
        data: { participacaoId: join.participation.id },
        headers: headers(),
      })
    ).json();
    expect(
      (
        await context.request.post(`/api/payments/pix/${charge.txid}/simulate`, {
          headers: headers(),
        })
      ).status(),
    ).toBe(200);
    const profile = (await (await context.request.get('/api/profile')).json()) as {
      nomeCompleto: string;
    };
    players.push({ context, name: masked(profile.nomeCompleto) });
  }
  const draws = await (await page.request.get('/api/draws')).json();
  const draw = draws.items.find((d: { roomId: string }) => d.roomId === roomId);
  expect(draw).toBeDefined();
  const seats = await Promise.all(
    players.map(async (p) => {
      const history = await (await p.context.request.get('/api/history')).json();
      const item = history.items.find((i: { room: { id: string } }) => i.room.id === roomId);
      return { ...p, won: Boolean(item.participation.ehVencedor) };
    }),
  );
  const winner = seats.find((s) => s.won)!;
  const other = seats.find((s) => !s.won)!;

  try {
    // The winner chooses 'Anônimo'; the other player keeps the default.
    await setAnonymous(winner.context.request, true);
    await setAnonymous(other.context.request, false);

    // A visitor, signed out, opens the page from /salas.
    await page.goto('/salas');
    await page.getByRole('link', { name: 'Ver ganhadores e rankings do mês' }).click();
    await expect(page).toHaveURL(/\/ganhadores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ganhadores' })).toBeVisible();

    const recent = page.getByRole('list', { name: 'Ganhadores recentes' });
    const row = recent.getByRole('listitem').filter({
      has: page.locator(`a[href="/sorteios/${draw.id}"]`),
    });
    await expect(row).toContainText('Anônimo');
    await expect(row).toContainText('Sala Master');
    await expect(row).toContainText(/R\$\s?360,00/);
    // Hidden everywhere on the page, rankings included.
    await expect(page.getByText(winner.name, { exact: true })).toHaveCount(0);
    const prizes = page.getByRole('list', { name: 'Maiores prêmios' });
    await expect(
      prizes.getByRole('listitem').filter({ has: page.locator(`a[href="/sorteios/${draw.id}"]`) }),
    ).toContainText('Anônimo');
    // The other player, who kept the default, by first name and initial.
    await expect(
      page.getByRole('list', { name: 'Mais participações' }).getByText(other.name, { exact: true }),
    ).toBeVisible();

    await keepScreenshot(page, testInfo.outputPath('ganhadores-390.png'), { fullPage: true });

    // The proof link opens the draw's verification, which checks out in the browser.
    await row.getByRole('link', { name: /Verificar sorteio/ }).click();
    await expect(page).toHaveURL(new RegExp(`/sorteios/${draw.id}$`));
    await expect(page.getByText('Sorteio verificado: todas as verificações conferem.')).toBeVisible(
      { timeout: 15_000 },
    );

    // The winner changes their mind: the same draw now shows their first name and initial.
    await setAnonymous(winner.context.request, false);
    await page.goto('/ganhadores');
    await expect(
      page
        .getByRole('list', { name: 'Ganhadores recentes' })
        .getByRole('listitem')
        .filter({ has: page.locator(`a[href="/sorteios/${draw.id}"]`) }),
    ).toContainText(winner.name);
  } finally {
    await setAnonymous(winner.context.request, false);
    for (const s of seats) await s.context.close();
  }
});

test('the landing links to the winners page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Ganhadores' })).toHaveAttribute(
    'href',
    '/ganhadores',
  );
  await page.getByRole('link', { name: 'Ver ganhadores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ganhadores' })).toBeVisible();
});
