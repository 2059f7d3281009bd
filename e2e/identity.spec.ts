/**
 * Identity checks that actually check (issue "Identity checks that actually check"): an honest
 * submission (a document and a selfie of the same person, the profile's CPF and birth date printed
 * on the document) is approved by the automated analysis; a cartoon selfie goes to review, and the
 * reviewer sees every check with its result and score in the user detail.
 *
 * The photographs are read at test time from Debian packages (python3-skimage's astronaut.png,
 * opencv-doc's messi5.jpg), never committed; see apps/server/src/test/identity-photos.ts.
 */
import { type Page, expect, test } from '@playwright/test';
import {
  astronautSelfie,
  drawing,
  identityCard,
  photosAvailable,
} from '../apps/server/src/test/identity-photos';
import { waitForLink } from './support/mailbox';
import { type Player, deletePlayer, maskCpf, newPlayer } from './support/players';
import { demoCredentials, signInByApi } from './support/session';

test.skip(!photosAvailable(), 'needs python3-skimage and opencv-doc (the test photographs)');

const BIRTH = '1988-08-08';
const BIRTH_BR = '08/08/1988';

/** The labels the reviewer reads for each automated check. */
const checkLabels: Record<string, string> = {
  qualidade_imagens: 'Nitidez e iluminação',
  rosto_selfie: 'Um rosto nítido na selfie',
  rosto_documento: 'Rosto na foto do documento',
  comparacao_faces: 'Selfie confere com o documento',
  dados_documento: 'CPF e nascimento lidos no documento',
  imagens_distintas: 'Documento e selfie são fotos diferentes',
  imagem_inedita: 'Imagens não usadas por outra conta',
};
const resultLabels = {
  aprovado: 'Aprovado',
  reprovado: 'Reprovado',
  nao_realizado: 'Não realizado',
};

interface Check {
  id: string;
  result: keyof typeof resultLabels;
  score: number | null;
  threshold: number | null;
  detail: string;
}

/** Sends the two images from the verification tab of the player's profile. */
async function submit(player: Player, documento: Buffer, selfie: Buffer) {
  const { page } = player;
  await page.goto('/profile?tab=verificacao');
  await page.getByLabel('Tipo de documento').selectOption('rg');
  await page.getByLabel('Número do documento').fill(`SP-${Date.now()}`);
  await page
    .getByLabel('Foto do documento')
    .setInputFiles({ name: 'documento.jpg', mimeType: 'image/jpeg', buffer: documento });
  await page
    .getByLabel('Selfie')
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: selfie });
  await page.getByRole('button', { name: 'Enviar documentos' }).click();
}

/** The profile's status card for the verification ('Verificado', 'Pendente'...). */
async function expectStatusCard(page: Page, text: string) {
  await page.reload();
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

// Each test deletes its player at the end: a stored picture's hash would otherwise make the next
// submission of the same photograph (a retry, another test) fail the "not used by another
// account" check.

test('an honest submission (same face on the document and in the selfie, CPF and birth date read) is approved automatically', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const player = await newPlayer(browser, { name: 'Eileen Marie Collins', birth: BIRTH });
  try {
    const card = await identityCard({ cpf: maskCpf(player.cpf), nascimento: BIRTH_BR });
    await submit(player, card, await astronautSelfie());
    const { page } = player;
    // The upload answers at once; the analysis runs in the background and the tab follows it.
    await expect(page.getByText('Identidade verificada', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(
      page.getByText('Identidade verificada! Você já pode participar dos sorteios.').first(),
    ).toBeVisible();
    await expectStatusCard(page, 'Verificado');
    // The player is told by e-mail, with a link to the open rooms.
    expect(await waitForLink(player.email, '/participate')).toContain('/participate');

    // Verified, the player can join a room.
    await page.goto('/participate');
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Participar', exact: true })
      .first()
      .click();
    await page.getByRole('button', { name: 'Participar Agora' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(/PIX/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Participar', exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Verificar Agora' })).toHaveCount(0);
  } finally {
    await deletePlayer(player);
  }
});

test('a cartoon selfie goes to review, and the reviewer sees each check with its score', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const player = await newPlayer(browser, { name: 'Desenho Animado', birth: BIRTH });
  try {
    const card = await identityCard({ cpf: maskCpf(player.cpf), nascimento: BIRTH_BR });
    await submit(player, card, await drawing());
    const playerPage = player.page;
    await expect(playerPage.getByText('Verificação em análise')).toBeVisible({ timeout: 60_000 });
    await expect(
      playerPage
        .getByText(
          'Seus documentos foram enviados e estão em análise. A análise pode levar alguns dias.',
        )
        .first(),
    ).toBeVisible();
    await expectStatusCard(playerPage, 'Pendente');
    // The player is never shown the scores.
    await expect(playerPage.getByText('Pontuação')).toHaveCount(0);

    // The reviewer opens the case from the queue of the users tab.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInByApi(page, demoCredentials().admin);
    await page.goto('/admin?tab=users');
    await page
      .getByRole('table', { name: 'Fila de verificação de identidade' })
      .getByRole('row', { name: new RegExp(player.email.replace(/\./g, '\\.')) })
      .getByRole('button', { name: 'Revisar' })
      .click();
    const sheet = page.getByRole('dialog', { name: player.name });
    await expect(sheet.getByText('Em análise', { exact: true })).toBeVisible();
    await expect(sheet.getByText('enviada para revisão manual', { exact: false })).toBeVisible();

    const detail = (await (
      await page.request.get(`/api/admin/users/${await userIdOf(page, player.email)}`)
    ).json()) as { verification: { automatedChecks: { checks: Check[]; reasons: string[] } } };
    const { checks, reasons } = detail.verification.automatedChecks;
    expect(checks.map((c) => c.id).sort()).toEqual(Object.keys(checkLabels).sort());
    const selfieFace = checks.find((c) => c.id === 'rosto_selfie')!;
    expect(selfieFace.result).toBe('reprovado');
    expect(checks.find((c) => c.id === 'rosto_documento')!.result).toBe('aprovado');

    const table = sheet.getByRole('table', { name: 'Resultados da verificação automática' });
    for (const check of checks) {
      const row = table.getByRole('row', { name: new RegExp(`^${checkLabels[check.id]}`) });
      const cells = row.getByRole('cell');
      await expect(cells.nth(0)).toHaveText(resultLabels[check.result]);
      await expect(cells.nth(1)).toHaveText(
        check.score === null
          ? '—'
          : check.score.toLocaleString('pt-BR', { maximumFractionDigits: 3 }),
      );
      await expect(cells.nth(2)).toHaveText(
        check.threshold === null
          ? '—'
          : check.threshold.toLocaleString('pt-BR', { maximumFractionDigits: 3 }),
      );
      await expect(row).toContainText(check.detail);
    }
    // Why the case came to staff, in words.
    expect(reasons).toContain(selfieFace.detail);
    await expect(sheet.getByRole('listitem').filter({ hasText: selfieFace.detail })).toBeVisible();
    await sheet
      .getByRole('region', { name: 'Verificação automática', exact: true })
      .screenshot({ path: 'test-results/identity-review-scores.png' });
  } finally {
    await deletePlayer(player);
  }
});

/** The player's id, from the administrators' user search. */
async function userIdOf(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const list = (await res.json()) as { items: { id: string; email: string }[] };
  return list.items.find((u) => u.email === email)!.id;
}
