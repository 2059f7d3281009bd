/**
 * The copy of the personal data (LGPD art. 18, II) on a phone (390 px): a player with real
 * activity (an entry paid by PIX, a withdrawal, a private-room message, a support ticket, a device
 * with notifications) opens Perfil, downloads the copy and the readable summary; the file holds
 * each record under its Portuguese key and no secret.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { postOk } from './support/api';
import { origin } from './support/env';
import { demoCredentials, signInByApi, signedInContext } from './support/session';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function post<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  return (await (await postOk(request, url, data)).json()) as T;
}

/** A room made by the administrator, in a context of their own. */
async function adminCreateRoom(browser: Browser, body: Record<string, unknown>) {
  const admin = await signedInContext(browser, demoCredentials().admin);
  const { id } = await post<{ id: string }>(admin.request, '/api/admin/rooms', body);
  await admin.close();
  return id;
}

/** A browser's push subscription (PushSubscription.toJSON()), with real P-256 keys. */
function deviceSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

test('a player with real activity downloads the copy of their data and its summary on the phone', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const player = demoCredentials().players[0]!;
  const stamp = Date.now().toString(36);
  const context = await browser.newContext({ baseURL: origin(), ...phone, acceptDownloads: true });
  const page = await context.newPage();
  try {
    await signInByApi(page, player);
    const api = page.request;

    // An entry paid by PIX (the simulator confirms the charge).
    const roomId = await adminCreateRoom(browser, {
      tipoSala: 'ouro',
      valorEntrada: 1500,
      maxParticipantes: 10,
      taxaPersonalizadaBp: 1000,
    });
    const join = await post<{ participation: { id: string; numeroSorte: string } }>(
      api,
      `/api/rooms/${roomId}/join`,
      { metodo: 'pix' },
    );
    const charge = await post<{ txid: string }>(api, '/api/payments/pix', {
      participacaoId: join.participation.id,
    });
    await post(api, `/api/payments/pix/${charge.txid}/simulate`);

    // A withdrawal from the balance.
    const withdrawal = await post<{ id: string }>(api, '/api/wallet/withdraw', { valor: 1234 });

    // A message in a private room of their own.
    const privateRoom = await post<{ id: string }>(api, '/api/private-rooms', {
      roomName: `Amigos ${stamp}`,
      entryValue: 1000,
      maxParticipants: 5,
    });
    const chatText = `Boa sorte a todos ${stamp}!`;
    await post(api, `/api/private-rooms/${privateRoom.id}/messages`, { message: chatText });

    // A ticket to the support team.
    const ticketText = `Quero saber do meu saque ${stamp}`;
    await post(api, '/api/support/tickets', {
      message: ticketText,
      conversation: [],
    });

    // This phone receives notifications: its push endpoint is a secret of the device.
    const pushEndpoint = `http://localhost:9/push/e2e-${stamp}`;
    await post(api, '/api/push/subscriptions', deviceSubscription(pushEndpoint));

    // Perfil, from the phone menu.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Perfil', exact: true }).click();
    await expect(page).toHaveURL(/\/profile/);
    const card = page.getByRole('heading', { name: 'Seus dados (LGPD)' });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Baixar meus dados' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('meus-dados-sorteio-certo.json');
    const raw = readFileSync(await download.path(), 'utf8');
    const data = JSON.parse(raw);

    // Each record under its Portuguese key; amounts as the export writes them (centavos).
    expect(data.conta.email).toBe(player.email);
    expect(data.participacoes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: join.participation.id,
          numeroDaSorte: join.participation.numeroSorte,
          statusPagamento: 'confirmado',
          metodoPagamento: 'pix',
          sala: expect.objectContaining({ id: roomId, valorEntrada: 1500 }),
        }),
      ]),
    );
    expect(data.cobrancasPix).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ txid: charge.txid, status: 'CONCLUIDA', amount: 1500 }),
      ]),
    );
    expect(data.saquesEPremios).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: withdrawal.id, kind: 'withdrawal', amount: 1234 }),
      ]),
    );
    expect(data.mensagensEmSalasPrivadas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ salaPrivadaId: privateRoom.id, mensagem: chatText }),
      ]),
    );
    expect(data.atendimentos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          assunto: ticketText,
          situacao: 'aberto',
          mensagens: expect.arrayContaining([expect.objectContaining({ texto: ticketText })]),
        }),
      ]),
    );
    expect(data.notificacoesNoCelular.length).toBeGreaterThan(0);

    // No secret: no password hash, no session token, no push endpoint or device keys.
    expect(raw).not.toMatch(/"password"|"token"|"secret"|"endpoint"|"p256dh"/);
    expect(raw).not.toContain(pushEndpoint);
    expect(raw).not.toContain(player.password);
    // The password hash is stored as scrypt's "salt:key" in hex.
    expect(raw).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64,}/);
    const sessionCookie = (await context.cookies()).find((c) => c.name.endsWith('session_token'));
    expect(sessionCookie).toBeDefined();
    const sessionToken = decodeURIComponent(sessionCookie!.value).split('.')[0]!;
    expect(sessionToken.length).toBeGreaterThan(10);
    expect(raw).not.toContain(sessionToken);

    // The same data as a page to read and print, opened beside the profile.
    const opening = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Ver resumo para imprimir' }).click();
    const summary = await opening;
    await expect(
      summary.getByRole('heading', { level: 1, name: 'Meus dados no Sorteio Certo' }),
    ).toBeVisible();
    for (const title of [
      'Participações',
      'Cobranças PIX',
      'Saques e prêmios pagos por PIX',
      'Mensagens em salas privadas',
      'Atendimentos',
      'Aparelhos com notificações no celular',
    ])
      await expect(summary.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(
      summary.getByRole('columnheader', { name: 'Número da sorte' }).first(),
    ).toBeVisible();
    const text = await summary.locator('body').innerText();
    expect(text).toContain(join.participation.numeroSorte);
    // Amounts in reais as formatBRL writes them (a no-break space after R$).
    expect(text).toMatch(/R\$\s12,34/);
    expect(text).toMatch(/R\$\s15,00/);
    expect(text).toContain(chatText);
    expect(text).toContain(ticketText);
    const html = await summary.content();
    expect(html).not.toContain(pushEndpoint);
    expect(html).not.toContain(sessionToken);
  } finally {
    await context.close();
  }
});
