/**
 * Issue 33 item 6 on a phone (390 px): the player changes the password on the profile's security
 * tab with the current one; the session on another device ends, this one stays.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { origin } from './support/env';
import { deletePlayer, newPlayer, signInWithForm } from './support/players';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a password change on the phone ends the session on the other device', async ({ browser }) => {
  // Eight password hashes (set, sign-ins, the change) and the first page loads of the run, while
  // `npm test` runs its other steps on the same cores.
  test.setTimeout(120_000);
  const player = await newPlayer(browser);
  const other = await browser.newContext({ baseURL: origin(), ...phone });
  const newPassword = 'senha-trocada-no-celular-2';
  try {
    // The other device: signed in through the form, on its dashboard.
    const otherPage = await other.newPage();
    await signInWithForm(otherPage, player.email, player.password);
    await expect(otherPage).toHaveURL(/\/dashboard/);

    const { page } = player;
    await page.setViewportSize(phone.viewport);
    await page.goto('/profile?tab=seguranca');
    const card = page.getByRole('heading', { name: 'Alterar senha' });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The page does not scroll sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // A wrong current password: said under the field, nothing changes.
    await page.getByLabel('Senha atual').fill('nao-e-a-minha-senha');
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('A senha atual está incorreta.')).toBeVisible();
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/dashboard/);

    // The right one.
    await page.getByLabel('Senha atual').fill(player.password);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(
      page.getByText('Sua nova senha já vale. As outras sessões foram encerradas.'),
    ).toBeVisible();

    // This phone stays signed in; the other device is sent to the sign-in screen.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile/);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login/);

    // The old password no longer opens the account; the new one does.
    await signInWithForm(otherPage, player.email, player.password);
    await expect(otherPage.getByText(/E-mail ou senha incorretos/)).toBeVisible();
    await signInWithForm(otherPage, player.email, newPassword);
    await expect(otherPage).toHaveURL(/\/dashboard/);
    player.password = newPassword;
  } finally {
    await other.close();
    await deletePlayer(player);
  }
});
