import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brl, makeWallet } from '@/test/fixtures';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { DeleteAccountDialog } from './delete-account-dialog';

const routes = [{ path: '/profile', element: <DeleteAccountDialog /> }];

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
  return screen.findByRole('dialog', { name: 'Excluir minha conta' });
}

describe('DeleteAccountDialog: the remaining money', () => {
  it('says how much is left in the Saldo and the Cashback and what becomes of it', async () => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/wallet': { body: makeWallet({ saldo: 4250, cashback: 310 }) },
    });
    renderRoutes(routes, '/profile');
    const dialog = await openDialog();
    const money = within(dialog).getByRole('region', { name: 'O que acontece com o seu dinheiro' });
    expect(
      await within(money).findByText(
        `Você tem ${brl(4250)} no Saldo. A exclusão não envia nem devolve esse valor: saque antes de excluir, porque depois ninguém poderá sacá-lo.`,
      ),
    ).toBeDefined();
    expect(
      within(money).getByText(
        `O Cashback de ${brl(310)} não pode ser sacado e deixa de valer com a exclusão.`,
      ),
    ).toBeDefined();
    expect(within(money).getByText(/espere o sorteio/)).toBeDefined();
    expect(within(money).getByRole('link', { name: 'Sacar meu Saldo' }).getAttribute('href')).toBe(
      '/cashback',
    );
  });

  it('says the Saldo is zero, with no withdrawal link', async () => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/wallet': { body: makeWallet({ saldo: 0, cashback: 0 }) },
    });
    renderRoutes(routes, '/profile');
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('Seu Saldo está zerado: não há valor para sacar.'),
    ).toBeDefined();
    expect(within(dialog).queryByText(/Cashback de/)).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Sacar meu Saldo' })).toBeNull();
  });

  it('still warns when the balances cannot be read', async () => {
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    renderRoutes(routes, '/profile');
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/Não foi possível ler seu Saldo agora/)).toBeDefined();
  });
});
