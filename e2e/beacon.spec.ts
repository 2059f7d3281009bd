/**
 * Draws bound to a public randomness beacon (protocol v2), verified in the browser: a server of
 * its own, configured with a local drand beacon that signs its rounds with its own BLS key in the
 * quicknet scheme (apps/server/src/test/fake-drand.ts). The demo's finished rooms are drawn
 * against it at start, so their proofs are v2.
 */
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { beaconPort, beaconServerPort, waitUntilReady } from './support/side-servers';

// The copy and its beacon are started by global-setup.ts.
const base = `http://localhost:${beaconServerPort()}`;
const beaconChain = () =>
  `http://127.0.0.1:${beaconPort()}/${process.env.E2E_BEACON_CHAIN_HASH ?? 'unknown'}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Seeding and drawing the demo rooms against the beacon: minutes on a loaded machine.
  test.setTimeout(420_000);
  await waitUntilReady(base, 400_000);
});

interface ProofV2 {
  version: string;
  beacon_round: number;
  beacon: string;
  beacon_signature: string;
  entrants_frozen_at: string;
}

async function v2Draw(): Promise<{ id: string; proof: ProofV2 }> {
  const list = (await (await fetch(`${base}/api/draws`)).json()) as { items: { id: string }[] };
  expect(list.items.length).toBeGreaterThan(0);
  const id = list.items[0]!.id;
  const proof = (await (await fetch(`${base}/api/draws/${id}/proof`)).json()) as ProofV2;
  expect(proof.version).toBe('v2');
  return { id, proof };
}

const check = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Verificações' }).getByRole('listitem').filter({ hasText: label });

test('a beacon-bound draw verifies in the browser, the BLS signature included', async ({
  page,
}) => {
  const { id, proof } = await v2Draw();
  await page.goto(`${base}/sorteios/${id}`);
  await expect(page.getByText('Sorteio verificado: todas as verificações conferem.')).toBeVisible({
    timeout: 20_000,
  });
  for (const label of [
    'A rodada do beacon é a primeira depois do congelamento da lista',
    'A assinatura da rodada do beacon (drand) é válida',
    'O número do beacon vem dessa assinatura',
  ])
    await expect(check(page, label)).toContainText('Confere');
  await expect(page.getByText(`Rodada drand ${proof.beacon_round}`)).toBeVisible();
  await expect(page.getByText(proof.beacon_signature)).toBeVisible();
  if (process.env.E2E_SCREENSHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: path.join(process.env.E2E_SCREENSHOTS, `verificacao-v2-${width}.png`),
        fullPage: true,
      });
    }
  }
});

test('the same draw fails in the browser when its beacon round is replaced', async ({ page }) => {
  const { id, proof } = await v2Draw();
  // Another genuine round of the same chain, signed by the beacon's own key.
  const other = (await (
    await fetch(`${beaconChain()}/public/${proof.beacon_round + 1}`)
  ).json()) as { round: number; randomness: string; signature: string };
  await page.route(`**/api/draws/${id}/proof`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as ProofV2;
    await route.fulfill({
      response,
      json: {
        ...body,
        beacon_round: other.round,
        beacon: other.randomness,
        beacon_signature: other.signature,
      },
    });
  });
  await page.goto(`${base}/sorteios/${id}`);
  await expect(page.getByText('Atenção: alguma verificação não confere.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    check(page, 'A rodada do beacon é a primeira depois do congelamento da lista'),
  ).toContainText('Não confere');
  await expect(check(page, 'O hash de prova confere')).toContainText('Não confere');
  // The replacement is a real signature of that round: the signature itself still verifies.
  await expect(check(page, 'A assinatura da rodada do beacon (drand) é válida')).toContainText(
    'Confere',
  );
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({
      path: path.join(process.env.E2E_SCREENSHOTS, 'verificacao-v2-falha-1280.png'),
      fullPage: true,
    });

  // A signature not made by the chain's key for this round fails the signature check.
  await page.unroute(`**/api/draws/${id}/proof`);
  await page.route(`**/api/draws/${id}/proof`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as ProofV2;
    await route.fulfill({ response, json: { ...body, beacon_signature: other.signature } });
  });
  await page.reload();
  await expect(check(page, 'A assinatura da rodada do beacon (drand) é válida')).toContainText(
    'Não confere',
    { timeout: 20_000 },
  );
});
