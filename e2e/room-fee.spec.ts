/**
 * Issue 33 item 2: a public room shows its fee (percentage and amount) and the prize before anyone
 * pays, on the list, the room page and the join dialog, and the draw pays exactly that prize.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { apiSession, demoCredentials, signInByApi } from './support/session';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

function signedIn(who: { email: string; password: string }): Promise<APIRequestContext> {
  return apiSession(who);
}

test('a public room shows fee and prize before paying, and the draw pays that prize', async ({
  page,
}) => {
  // R$ 9,99 x 2 at 12,5 %: R$ 19,98 of entries, fee 249,75 centavos -> R$ 2,50, prize R$ 17,48.
  const admin = await signedIn(demoCredentials().admin);
  const created = await admin.post('/api/admin/rooms', {
    data: { tipoSala: 'bronze', valorEntrada: 999, maxParticipantes: 2, taxaPersonalizadaBp: 1250 },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const roomId = ((await created.json()) as { id: string }).id;
  await admin.dispose();

  const [joao, maria] = demoCredentials().players;
  await signInByApi(page, joao!);

  const expectFacts = async (scope: ReturnType<typeof page.locator>) => {
    await expect(scope.getByText('Taxa da Plataforma (12,5%)')).toBeVisible();
    await expect(scope.getByText('R$ 2,50', { exact: true })).toBeVisible();
    await expect(scope.getByText('R$ 9,99', { exact: true })).toBeVisible();
    await expect(scope.getByText('R$ 17,48', { exact: true })).toBeVisible();
  };

  await page.goto('/participate');
  const card = page.getByRole('listitem').filter({ has: page.locator(`a[href*="${roomId}"]`) });
  await expectFacts(card);

  await page.goto(`/participate?sala_id=${roomId}`);
  await expectFacts(page.getByRole('main'));
  await page.getByRole('button', { name: 'Participar Agora' }).click();
  await expectFacts(page.getByRole('dialog'));
  await page.keyboard.press('Escape');

  // Both pay by PIX through the simulator; the last payment fills the room and draws it.
  for (const who of [joao!, maria!]) {
    const api = await signedIn(who);
    const join = await (
      await api.post(`/api/rooms/${roomId}/join`, {
        data: { metodo: 'pix' },
        headers: { origin: origin() },
      })
    ).json();
    const charge = await (
      await api.post('/api/payments/pix', {
        data: { participacaoId: join.participation.id },
        headers: { origin: origin() },
      })
    ).json();
    expect(
      (
        await api.post(`/api/payments/pix/${charge.txid}/simulate`, {
          headers: { origin: origin() },
        })
      ).status(),
    ).toBe(200);
    await api.dispose();
  }

  // The prize the draw posted to the ledger is the one shown; the rest of the pool is the fee shown.
  let net: number | undefined;
  await expect
    .poll(async () => {
      const draws = await (await page.request.get('/api/draws')).json();
      net = draws.items.find((d: { roomId: string }) => d.roomId === roomId)?.valorPremioLiquido;
      return net;
    })
    .toBe(1748);
  const room = await (await page.request.get(`/api/rooms/${roomId}`)).json();
  expect(room.premioLiquido).toBe(net);
  expect(room.taxaPlataforma).toBe(room.valorEntrada * room.maxParticipantes - net!);
  expect(room.taxaPlataforma).toBe(250);
});
