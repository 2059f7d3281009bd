import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import FinancialTab from '../index';

afterEach(() => vi.unstubAllGlobals());

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

function setup(role: 'admin' | 'partner', calls: string[] = []) {
  mockApi({
    'GET /api/me': { body: { user: { ...adminUser, role } } },
    'GET /api/admin/finance/summary': {
      body: {
        totalRevenue: 123456,
        transactions: 12,
        averageValue: 10288,
        categories: 3,
        platformFees: 100,
        prizesPaid: 0,
        cashbackGiven: 0,
        refundedTotal: 2000,
        refundedCount: 2,
        pixIn: 0,
        pixOut: 0,
      },
    },
    'GET /api/admin/finance/daily': { body: [] },
    'GET /api/admin/finance/transactions': {
      body: [
        {
          id: 't-1',
          userName: 'Fabio Devolvido',
          tipoSala: 'prata',
          valorPago: 1000,
          statusPagamento: 'reembolsado',
          metodoPagamento: 'balance',
          createdAt: '2026-11-23T11:00:00.000Z',
        },
        {
          id: 't-2',
          userName: 'Eva Mantida',
          tipoSala: 'prata',
          valorPago: 700,
          statusPagamento: 'confirmado',
          metodoPagamento: 'balance',
          createdAt: '2026-11-23T10:00:00.000Z',
        },
      ],
    },
    'GET /api/admin/finance/categories': { body: [] },
    'GET /api/admin/finance/payouts': {
      body: [
        {
          id: 'p-1',
          kind: 'prize',
          userId: 'u-1',
          userName: 'Maria',
          email: 'maria@example.com',
          amount: 8000,
          pixKey: '***',
          status: 'pendente',
          attempts: 3,
          lastError: 'Tempo esgotado',
          nextAttemptAt: '2026-11-23T12:00:00.000Z',
          createdAt: '2026-11-23T11:00:00.000Z',
          sorteioId: 's-1',
        },
      ],
    },
    'GET /api/admin/finance/audit': {
      body: {
        audit: {
          ok: true,
          at: '2026-11-23T12:00:00.000Z',
          durationMs: 42,
          checks: [{ name: 'Transações somam zero', ok: true, detail: '0 divergências' }],
        },
      },
    },
    'POST /api/admin/finance/payouts/p-1/credit': () => {
      calls.push('credit');
      return {
        status: 503,
        body: {
          error: {
            code: 'SERVICE_UNAVAILABLE',
            message:
              'Não foi possível confirmar com o banco se este PIX foi enviado: o provedor PIX não respondeu. Tente novamente quando ele voltar a responder.',
          },
        },
      };
    },
    'POST /api/admin/finance/payouts/p-1/retry': () => {
      calls.push('retry');
      return {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Pagamento não encontrado.' } },
      };
    },
  });
  renderWithProviders(<FinancialTab />);
}

describe('financial tab', { timeout: 20_000 }, () => {
  it('shows the four cards, the reports as downloads, the payout queue and the audit', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    setup('admin', calls);
    expect(await screen.findByText('Receita Total', {}, { timeout: 8000 })).toBeDefined();
    await waitFor(() => expect(text(document.body)).toContain('R$ 1.234,56'));
    for (const c of ['Transações', 'Valor Médio', 'Categorias'])
      expect(screen.getAllByText(c).length).toBeGreaterThan(0);
    expect(await screen.findByText(/Tudo confere/)).toBeDefined();
    const queue = await screen.findByRole('table', { name: 'Fila de pagamentos' });
    expect(text(queue)).toContain('Tempo esgotado');
    await user.click(within(queue).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(calls).toEqual(['retry']));
    expect((await screen.findByRole('alert')).textContent).toContain('Pagamento não encontrado.');
    await user.click(screen.getByRole('tab', { name: 'Relatórios' }));
    const link = await screen.findByRole('link', { name: 'Exportar transações' });
    expect(link.getAttribute('href')).toBe('/api/admin/finance/reports/transactions');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('shows a refunded entry as Reembolsado and says Receita leaves the refunds out', async () => {
    const user = userEvent.setup();
    setup('admin');
    await waitFor(() => expect(text(document.body)).toContain('Sem R$ 20,00 reembolsados (2)'));
    await user.click(screen.getByRole('tab', { name: 'Transações' }));
    const table = await screen.findByRole('table', { name: 'Transações recentes' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Reembolsado')).toBeDefined();
    expect(within(rows[2]!).getByText('Confirmado')).toBeDefined();
    expect(text(table)).not.toContain('reembolsado');
  });

  it('lets a partner read but not act on payouts or run the audit', async () => {
    setup('partner');
    const queue = await screen.findByRole('table', { name: 'Fila de pagamentos' });
    expect(within(queue).queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Auditar agora' })).toBeNull();
  });

  it('shows the amount and the player before crediting a payout to the Saldo', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    setup('admin', calls);
    const queue = await screen.findByRole('table', { name: 'Fila de pagamentos' });
    await user.click(within(queue).getByRole('button', { name: 'Creditar no saldo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Creditar no saldo?' });
    const details = within(dialog).getByLabelText('Pagamento a creditar');
    expect(text(details)).toContain('Maria (maria@example.com)');
    expect(text(details)).toContain('Prêmio');
    expect(text(details)).toContain('R$ 80,00');
    // Nothing is sent before the confirmation; cancelling sends nothing.
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls).toEqual([]);

    await user.click(within(queue).getByRole('button', { name: 'Creditar no saldo' }));
    const again = await screen.findByRole('alertdialog', { name: 'Creditar no saldo?' });
    await user.click(within(again).getByRole('button', { name: /^Creditar R\$\s80,00$/ }));
    await waitFor(() => expect(calls).toEqual(['credit']));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'o provedor PIX não respondeu',
    );
  });
});
