/** The finance screen names payment methods as people do ("Saldo", "PIX"), never by their code. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import FinancialTab from '../index';

afterEach(() => vi.unstubAllGlobals());

const transaction = (id: string, metodoPagamento: 'pix' | 'balance') => ({
  id,
  userName: 'Maria',
  tipoSala: 'ouro',
  valorPago: 2500,
  statusPagamento: 'confirmado',
  metodoPagamento,
  createdAt: '2026-11-23T12:00:00.000Z',
});

describe('financial tab labels', { timeout: 20_000 }, () => {
  it("shows 'Saldo' and 'PIX' in the Método column", async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/finance/transactions': {
        body: [transaction('t-1', 'balance'), transaction('t-2', 'pix')],
      },
    });
    renderWithProviders(<FinancialTab />);
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Transações' }));
    const table = await screen.findByRole('table', { name: 'Transações recentes' });
    const rows = await within(table).findAllByRole('row');
    const cells = rows.slice(1).map((r) => within(r).getAllByRole('cell').at(-2)!.textContent);
    expect(cells).toEqual(['Saldo', 'PIX']);
    expect(table.textContent).not.toMatch(/\bbalance\b/);
  });
});
