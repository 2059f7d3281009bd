import { type Browser, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { waitForLink } from './support/mailbox';
import { submitSignIn, submitSignUp } from './support/players';
import { demoCredentials, signedInContext } from './support/session';

test.use({ viewport: { width: 390, height: 844 } });

/** A fresh public room made by the demo administrator. */
async function createRoom(
  browser: Browser,
  data: Record<string, unknown>,
): Promise<{ id: string }> {
  const admin = await signedInContext(browser, demoCredentials().admin);
  const created = await admin.request.post('/api/admin/rooms', {
    data,
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const room = (await created.json()) as { id: string };
  await admin.close();
  return room;
}

test('a visitor opens a shared room link, sees it live, signs up, and lands back on that room', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const drawAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const room = await createRoom(browser, {
    tipoSala: 'platina',
    valorEntrada: 1500,
    maxParticipantes: 5,
    taxaPersonalizadaBp: 1000,
    dataSorteio: drawAt,
  });

  // What a link preview reads: the server's own head for /salas/:id.
  const html = await (await page.request.get(`/salas/${room.id}`)).text();
  expect(html).toContain('<meta property="og:title" content="Sala Platina · Sorteio Certo">');
  expect(html).toContain(`/api/public/rooms/${room.id}/preview.png`);
  const image = await page.request.get(`/api/public/rooms/${room.id}/preview.png`);
  expect(image.headers()['content-type']).toBe('image/png');

  // The landing lists open rooms for visitors; /salas lists them all.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Salas abertas agora' })).toBeVisible();
  await page.goto('/salas');
  await expect(page.getByRole('heading', { level: 1, name: 'Salas abertas' })).toBeVisible();

  // The shared link, signed out.
  await page.goto(`/salas/${room.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sala Platina' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Vagas vendidas' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('0 de 5 vagas vendidas')).toBeVisible();
  // 5 x R$ 15,00 = R$ 75,00, less 10 %: R$ 67,50.
  await expect(page.getByText('R$ 67,50')).toBeVisible();
  await expect(page.getByText('Compromisso do sorteio')).toBeVisible();
  await expect(page.getByText(/^Faltam 2 dias e/)).toBeVisible();
  const whatsapp = page.getByRole('link', { name: /Compartilhar no WhatsApp/ });
  expect(await whatsapp.getAttribute('href')).toContain(
    encodeURIComponent(`${origin()}/salas/${room.id}`),
  );
  await expect(page.getByText('Ao vivo')).toBeVisible();

  // Seats taken elsewhere show up live (the fallback poll is 30 s away): the last seats.
  const players = demoCredentials().players.slice(0, 4);
  for (const who of players) {
    const other = await signedInContext(browser, who);
    const join = await other.request.post(`/api/rooms/${room.id}/join`, {
      data: { metodo: 'pix' },
      headers: { origin: origin() },
    });
    expect(join.status(), await join.text()).toBe(200);
    await other.close();
  }
  await expect(bar).toHaveAttribute('aria-valuenow', String(players.length), { timeout: 5_000 });
  await expect(page.getByText('Últimas vagas!')).toBeVisible();

  // 'Participar' goes through sign-in, and from there to sign-up, carrying the room.
  await page.getByRole('link', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsalas%2F/);
  await page
    .getByRole('link', { name: /Criar conta/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Fsalas%2F/);
  const email = `visitante.${Date.now().toString(36)}@teste.com.br`;
  const password = 'senha-da-visitante-1';
  await submitSignUp(page, email, password);
  await expect(page).toHaveURL(/\/verify-email/);

  await page.goto(await waitForLink(email, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/login\?/);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/salas/${room.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sala Platina' })).toBeVisible();
  // Signed in, 'Participar' opens the room's join screen.
  await expect(page.getByRole('link', { name: 'Participar' })).toHaveAttribute(
    'href',
    `/participate?sala_id=${room.id}`,
  );
});
