/**
 * Item 5 of the player's experience: after 'Participar' with PIX the charge is generated at once,
 * the lucky number shows on the payment page and on 'Pagamento Confirmado!' with the room, and the
 * order of the QR code and 'Copia e Cola' suits the screen.
 */
import { type Page, expect, test } from '@playwright/test';
import { origin } from './support/env';
import { apiSession, demoCredentials, signInByApi } from './support/session';

test.describe.configure({ mode: 'serial' });

/** A fresh room through the administrators' API (in its own cookie jar). */
async function adminCreateRoom(body: Record<string, unknown>): Promise<string> {
  const api = await apiSession(demoCredentials().admin);
  const res = await api.post('/api/admin/rooms', { data: body, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await res.json()) as { id: string }).id;
  await api.dispose();
  return id;
}

/** Joins the room by PIX from its page and returns on the payment page. */
async function joinByPix(page: Page, roomId: string) {
  await page.goto(`/participate?sala_id=${roomId}`);
  await page.getByRole('button', { name: 'Participar Agora' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/PIX/).check();
  await dialog.getByRole('button', { name: 'Participar', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\?participacao_id=/);
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the charge comes at once, Copia e Cola before the QR, and the lucky number survives the payment', async ({
    page,
  }) => {
    const roomId = await adminCreateRoom({
      tipoSala: 'prata',
      valorEntrada: 500,
      maxParticipantes: 10,
    });
    await signInByApi(page, demoCredentials().players[1]!);
    await joinByPix(page, roomId);

    // No 'Gerar PIX' tap: the code is there.
    const code = page.getByLabel('PIX Copia e Cola');
    await expect(code).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gerar PIX' })).toHaveCount(0);
    const codeBox = await code.boundingBox();
    const qrBox = await page.getByRole('img', { name: 'QR Code PIX para pagamento' }).boundingBox();
    expect(codeBox!.y).toBeLessThan(qrBox!.y);

    // The lucky number, on the page before paying.
    const mine = (await (
      await page.request.get(`/api/rooms/${roomId}/my-participation`)
    ).json()) as { participation: { numeroSorte: string } | null };
    const numero = mine.participation!.numeroSorte;
    const lucky = page.locator(`[data-lucky-number="${numero}"]`).first();
    await expect(lucky).toBeVisible();
    await expect(lucky).toHaveText(numero);
    expect(await lucky.evaluate((el) => getComputedStyle(el).fontFamily)).toContain(
      'JetBrains Mono',
    );

    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.locator(`[data-lucky-number="${numero}"]`).first()).toBeVisible();
    await expect(page.getByText('· Sala Prata')).toBeVisible();
    await page.getByRole('link', { name: 'Ver minha participação' }).click();
    // The room the seat is in.
    await expect(page).toHaveURL(/\/participate\?sala_id=/);
    await expect(page.getByText(numero).first()).toBeVisible();
  });
});

test.describe('on a desktop', () => {
  test('the QR code comes before Copia e Cola', async ({ page }) => {
    const roomId = await adminCreateRoom({
      tipoSala: 'bronze',
      valorEntrada: 300,
      maxParticipantes: 10,
    });
    await signInByApi(page, demoCredentials().players[2]!);
    await joinByPix(page, roomId);
    const code = page.getByLabel('PIX Copia e Cola');
    await expect(code).toBeVisible();
    const codeBox = await code.boundingBox();
    const qrBox = await page.getByRole('img', { name: 'QR Code PIX para pagamento' }).boundingBox();
    expect(qrBox!.y).toBeLessThan(codeBox!.y);
  });
});
