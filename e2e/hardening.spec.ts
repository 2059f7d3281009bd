import { type APIRequestContext, expect, test } from '@playwright/test';
import { postOk } from './support/api';
import { origin } from './support/env';
import { setPasswordFromMail } from './support/mailbox';
import { apiSession, demoCredentials } from './support/session';

test.describe.configure({ mode: 'serial' });

const headers = () => ({ origin: origin() });

async function post(request: APIRequestContext, url: string, data?: unknown) {
  return (await postOk(request, url, data)).json() as Promise<Record<string, unknown>>;
}

/**
 * A fresh verified player of this journey (the demo players are shared with other journeys, and
 * a self-exclusion cannot be undone), with R$ 30,00 of Saldo paid through the PIX simulator.
 */
async function freshPlayer() {
  const request = await apiSession(demoCredentials().admin);
  const email = `responsavel.${Date.now().toString(36)}@teste.com.br`;
  const created = await post(request, '/api/admin/users', {
    kind: 'user',
    nome_completo: 'Jogadora Responsável',
    email,
    role: 'user',
  });
  const id = created.id as string;
  await post(request, `/api/admin/users/${id}/verified`, { verified: true });
  const rooms: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const room = await post(request, '/api/admin/rooms', {
      tipoSala: 'bronze',
      valorEntrada: 1000,
      maxParticipantes: 10,
      taxaPersonalizadaBp: 2000,
    });
    rooms.push(room.id as string);
  }
  await request.dispose();
  return { email, password: 'minha-senha-2', rooms };
}

test('a player sets a spending limit, hits it, then self-excludes and sees the consequences', async ({
  page,
}) => {
  const player = await freshPlayer();
  await setPasswordFromMail(page.request, player.email, player.password);
  await post(page.request, '/api/auth/sign-in/email', {
    email: player.email,
    password: player.password,
  });
  const charge = await post(page.request, '/api/wallet/topup', { valor: 3000 });
  await post(page.request, `/api/payments/pix/${charge.txid as string}/simulate`);

  // The limit: R$ 15,00 of entries per day, in force at once.
  await page.goto('/jogo-responsavel');
  await expect(page.getByRole('heading', { name: 'Jogo Responsável', level: 1 })).toBeVisible();
  await expect(page.getByText(/Ligue 188/)).toBeVisible();
  await page.getByLabel('Tipo').selectOption('spending');
  await page.getByLabel('Período', { exact: true }).first().selectOption('day');
  await page.getByLabel('Valor (R$)').fill('15,00');
  await page.getByRole('button', { name: 'Salvar limite' }).click();
  await expect(page.getByText('Limite atualizado. A redução vale imediatamente.')).toBeVisible();
  const row = page.getByRole('row', { name: /Gastos com entradas — Por dia/ });
  await expect(row).toContainText('R$\u00a015,00');

  // The first entry (R$ 10,00) fits; the second would pass the limit and is refused, clearly.
  const joinByBalance = async (roomId: string) => {
    await page.goto(`/participate?sala_id=${roomId}`);
    await page.getByRole('button', { name: 'Participar Agora' }).click();
    await page.getByRole('dialog').getByLabel(/Saldo/).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Participar', exact: true }).click();
    // Paying from the balance asks for confirmation with the amount.
    await expect(
      page.getByRole('dialog').getByText('Pagar R$\u00a010,00 com o seu Saldo?'),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar pagamento' }).click();
  };
  await joinByBalance(player.rooms[0]!);
  await expect(page.getByText('Participação Confirmada!')).toBeVisible();
  await joinByBalance(player.rooms[1]!);
  // The refusal shows inside the dialog (and in the toast).
  await expect(
    page
      .getByRole('dialog')
      .getByText(
        'Limite diário de gastos atingido: R$\u00a015,00 (já usado R$\u00a010,00). Você pode ajustar seus limites em Jogo Responsável.',
      ),
  ).toBeVisible();

  // Self-exclusion for 1 month: confirmed with the word, in force at once, no way back.
  await page.goto('/jogo-responsavel');
  await page.getByRole('button', { name: 'Ativar autoexclusão' }).click();
  await expect(page.getByText('Digite AUTOEXCLUIR para confirmar.')).toBeVisible();
  await page.getByLabel('Digite AUTOEXCLUIR para confirmar').fill('AUTOEXCLUIR');
  await page.getByRole('button', { name: 'Ativar autoexclusão' }).click();
  await expect(page.getByText('Autoexclusão ativa', { exact: true })).toBeVisible();
  await expect(page.getByText(/Você está em autoexclusão até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ativar autoexclusão' })).toHaveCount(0);

  // Consequences: no entry, no top-up; the Saldo stays there to be withdrawn.
  await joinByBalance(player.rooms[2]!);
  await expect(page.getByText(/^Você está em autoexclusão até/).first()).toBeVisible();
  await page.goto('/cashback');
  await page.getByLabel('Valor (R$)').fill('10,00');
  await page.getByRole('button', { name: 'Gerar PIX' }).click();
  await expect(
    page.getByText(
      /Entradas e depósitos estão bloqueados; seu saldo continua disponível para saque/,
    ),
  ).toBeVisible();
  const wallet = await page.request.get('/api/wallet', { headers: headers() });
  expect(((await wallet.json()) as { saldo: number }).saldo).toBe(2000);
});
