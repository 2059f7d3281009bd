/**
 * Item 2 of the player's experience: the private rooms are reachable from every place a player
 * looks (navigation bar, phone menu, user menu, dashboard).
 */
import { expect, test } from '@playwright/test';
import { demoCredentials, signInByApi } from './support/session';

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phone menu leads to the private rooms', async ({ page }) => {
    await signInByApi(page, demoCredentials().players[0]!);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Salas Privadas' }).click();
    await expect(page).toHaveURL(/\/private-rooms$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('on a desktop', () => {
  test('the navigation bar, the user menu and the dashboard lead to the private rooms', async ({
    page,
  }) => {
    await signInByApi(page, demoCredentials().players[0]!);
    await page.goto('/dashboard');
    const bar = page.getByRole('navigation', { name: 'Principal' });
    await bar.getByRole('link', { name: 'Salas Privadas' }).click();
    await expect(page).toHaveURL(/\/private-rooms$/);

    await page.goto('/dashboard');
    await page.getByRole('main').getByRole('link', { name: 'Salas Privadas' }).click();
    await expect(page).toHaveURL(/\/private-rooms$/);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await page.getByRole('menuitem', { name: 'Salas Privadas' }).click();
    await expect(page).toHaveURL(/\/private-rooms$/);
  });
});
