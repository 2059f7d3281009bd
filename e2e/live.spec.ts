import { expect, test } from '@playwright/test';
import { origin } from './support/env';
import { demoCredentials, signInByApi, signedInContext } from './support/session';

test('a second browser on the dashboard sees the seat count move live', async ({
  page,
  browser,
}) => {
  const admin = await signedInContext(browser, demoCredentials().admin);
  const created = await admin.request.post('/api/admin/rooms', {
    data: {
      tipoSala: 'master',
      valorEntrada: 700,
      maxParticipantes: 37,
      taxaPersonalizadaBp: 1000,
    },
    headers: { origin: origin() },
  });
  const room = (await created.json()) as { id: string };
  await admin.close();

  const [joao, maria] = demoCredentials().players;
  await signInByApi(page, joao!);
  await page.goto('/dashboard');
  await expect(page.getByText('0/37')).toBeVisible();

  const other = await signedInContext(browser, maria!);
  const join = await other.request.post(`/api/rooms/${room.id}/join`, {
    data: { metodo: 'pix' },
    headers: { origin: origin() },
  });
  expect(join.status()).toBe(200);
  await other.close();
  // The dashboard polls every 30 s; within 5 s only the live push can have updated it.
  await expect(page.getByText('1/37')).toBeVisible({ timeout: 5_000 });
});
