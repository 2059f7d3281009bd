import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { EFI_P12_PASSWORD, efiDir, origin } from './support/env';
import { waitForLink } from './support/mailbox';
import { demoCredentials, signInByApi, signedInContext } from './support/session';

const headers = () => ({ origin: origin() });

function apiAs(browser: Browser, who: { email: string; password: string }) {
  return signedInContext(browser, who);
}

async function putSettings(request: APIRequestContext, body: object) {
  const res = await request.put('/api/admin/settings', { data: body, headers: headers() });
  expect(res.status(), await res.text()).toBe(200);
}

test('the administrator sets up EFI: certificate, credentials and a real Testar Integração over mTLS', async ({
  page,
}) => {
  await signInByApi(page, demoCredentials().admin);
  try {
    await page.goto('/gerencianet-config');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuração PIX' })).toBeVisible();
    await expect(page.getByText('Pendente', { exact: true })).toBeVisible();

    await page.getByLabel('Identificador do cliente (Client_Id)').fill('Client_Id_fake');
    await page.getByLabel('Senha do cliente (Client_Secret)').fill('Client_Secret_fake');
    await page.getByLabel('Chave PIX', { exact: true }).fill('pix@sorteio.example');
    await page.getByRole('button', { name: 'Salvar credenciais' }).click();
    await expect(page.getByText('Credenciais salvas')).toBeVisible();
    await expect(page.getByText('Configuradas', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Certificado' }).click();
    await page
      .getByLabel('Certificado (.p12 ou .pfx)')
      .setInputFiles(path.join(efiDir(), 'efi-cliente.p12'));
    await page.getByLabel('Senha do certificado').fill(EFI_P12_PASSWORD);
    await page.getByRole('button', { name: 'Enviar certificado' }).click();
    await expect(page.getByText('Certificado salvo')).toBeVisible();
    await expect(page.getByText(/CN=fake-efi-client/)).toBeVisible();
    await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
    // Saved, not live: payments stay on the simulator until a test passes.
    await expect(page.getByText('Salva, não ativa')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Em uso agora' })).toContainText('Simulador PIX');

    await page.getByRole('tab', { name: 'Testar Integração' }).click();
    await page.getByRole('button', { name: 'Testar Integração' }).click();
    await expect(page.getByText('Integração funcionando')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/HTTP 200/)).toBeVisible();
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Em uso agora' })).toContainText(
      'Configuração EFI salva nesta tela',
    );

    // Back to the simulator from the screen; the saved configuration stays.
    await page.getByRole('button', { name: 'Voltar ao simulador' }).click();
    await page
      .getByRole('alertdialog', { name: 'Voltar ao simulador?' })
      .getByRole('button', { name: 'Voltar ao simulador' })
      .click();
    await expect(page.getByRole('region', { name: 'Em uso agora' })).toContainText('Simulador PIX');
    await expect(page.getByText('Salva, não ativa')).toBeVisible();
  } finally {
    // Back to the simulator for the other journeys.
    await page.request.delete('/api/admin/pix/config', { headers: headers() });
  }
});

test('maintenance mode: a player sees the maintenance page, the administrator keeps working', async ({
  page,
  browser,
}) => {
  await signInByApi(page, demoCredentials().admin);
  try {
    await page.goto('/admin?tab=settings');
    await page.getByRole('switch', { name: 'Modo de manutenção' }).check();
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();

    const player = await browser.newContext({ baseURL: origin() });
    const playerPage = await player.newPage();
    await signInByApi(playerPage, demoCredentials().players[0]!);
    await playerPage.goto('/dashboard');
    await expect(playerPage.getByRole('heading', { name: 'Em manutenção' })).toBeVisible();
    await expect(
      playerPage.getByText('A plataforma está em manutenção. Tente novamente mais tarde.'),
    ).toBeVisible();
    await player.close();

    await page.goto('/admin?tab=settings');
    await expect(page.getByRole('switch', { name: 'Modo de manutenção' })).toBeChecked();
  } finally {
    await putSettings(page.request, { maintenanceMode: false });
  }
});

test('a webhook connection to a loopback receiver gets a signed delivery after a player joins', async ({
  page,
  browser,
}) => {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

  await signInByApi(page, demoCredentials().admin);
  await putSettings(page.request, { allowPrivateAddresses: true });
  try {
    await page.goto('/admin?tab=connections');
    await page.getByRole('button', { name: 'Nova conexão' }).click();
    await page.getByLabel('Nome da conexão').fill('Parceiro E2E');
    await page.getByLabel('Tipo', { exact: true }).selectOption('webhook');
    await page.getByLabel('Serviço', { exact: true }).fill('Receptor local');
    await page.getByLabel('Configuração (JSON)').fill(JSON.stringify({ url }));
    await page.getByLabel('Participação confirmada').check();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const secret = (await page.getByLabel('Segredo de assinatura').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Concluir' }).click();

    // A room, and a player who joins and pays it (simulator).
    const created = await page.request.post('/api/admin/rooms', {
      data: {
        tipoSala: 'ouro',
        valorEntrada: 500,
        maxParticipantes: 20,
        taxaPersonalizadaBp: 1000,
      },
      headers: headers(),
    });
    const room = (await created.json()) as { id: string };
    const player = await apiAs(browser, demoCredentials().players[1]!);
    const join = await player.request.post(`/api/rooms/${room.id}/join`, {
      data: { metodo: 'pix' },
      headers: headers(),
    });
    expect(join.status(), await join.text()).toBe(200);
    const participation = ((await join.json()) as { participation: { id: string } }).participation;
    const charge = await player.request.post('/api/payments/pix', {
      data: { participacaoId: participation.id },
      headers: headers(),
    });
    expect(charge.status(), await charge.text()).toBe(200);
    const { txid } = (await charge.json()) as { txid: string };
    const paid = await player.request.post(`/api/payments/pix/${txid}/simulate`, {
      headers: headers(),
    });
    expect(paid.status()).toBe(200);
    await player.close();

    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const delivery = received[0]!;
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as {
      type: string;
      data: { participationId: string };
    };
    expect(payload.type).toBe('participation.confirmed');
    expect(payload.data.participationId).toBe(participation.id);

    await page.getByRole('button', { name: 'Entregas' }).click();
    const log = page.getByRole('table', { name: 'Entregas do webhook' });
    await expect(log.getByText('participation.confirmed')).toBeVisible();
    await expect(log.getByText('Entregue')).toBeVisible();
  } finally {
    await putSettings(page.request, { allowPrivateAddresses: false });
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('a campaign runs through the mail queue and the player receives it over SMTP', async ({
  page,
  browser,
}) => {
  const target = demoCredentials().players[0]!;
  const player = await apiAs(browser, target);
  const consent = await player.request.put('/api/profile/marketing-consent', {
    data: { accepted: true },
    headers: headers(),
  });
  expect(consent.status()).toBe(200);
  await player.close();

  await signInByApi(page, demoCredentials().admin);
  await page.goto('/admin?tab=remarketing');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  // Every player, not only the inactive ones: an e-mail campaign (a reactivation one needs 1+ days).
  await page.getByLabel('Tipo de campanha').selectOption('email');
  await page.getByLabel('Nome da campanha').fill('Volte a jogar E2E');
  await page.getByLabel('Assunto do e-mail').fill('Sentimos sua falta, {{nome}}');
  await page.getByLabel('Dias inativo').fill('0');
  await page.getByLabel('Mín. participações').fill('0');
  await page.getByLabel('Sem vitória há (dias)').fill('0');
  await page.getByLabel('Gasto máximo (R$)').fill('1000000');
  await page.getByRole('button', { name: 'Ver público' }).click();
  await expect(page.getByText(/ao critério; 1 aceitou receber e-mails\./)).toBeVisible();
  await page.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(page.getByText('Campanha criada')).toBeVisible();

  const row = page.getByRole('row', { name: /Volte a jogar E2E/ });
  await expect(row.getByText('Ativa')).toBeVisible();
  await row.getByRole('button', { name: 'Executar' }).click();
  await expect(page.getByText(/e-mails na fila de envio/)).toBeVisible();

  const unsubscribe = await waitForLink(target.email, '/api/r/u/');
  expect(unsubscribe).toContain('/api/r/u/');
});
