import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brl, makeCharge, makeStatementEntry, makeWallet, TXID } from '@/test/fixtures';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import CashbackPage from './cashback';

const routes = [{ path: '/cashback', element: <CashbackPage /> }];

function walletApi(overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/wallet': { body: makeWallet() },
    'GET /api/wallet/statement': { body: [] },
    'GET /api/payments/config': { body: { configured: true, provider: 'efi' } },
    ...overrides,
  });
}

describe('cashback', () => {
  it("shows 'Carregando...' and then 'Nenhum cashback encontrado.'", async () => {
    walletApi();
    renderRoutes(routes, '/cashback');
    expect(screen.getByRole('heading', { level: 1, name: 'Seu Cashback' })).toBeDefined();
    expect(screen.getByText('Carregando...')).toBeDefined();
    expect(await screen.findByText('Nenhum cashback encontrado.')).toBeDefined();
    expect(screen.getByText('Nenhuma movimentação ainda.')).toBeDefined();
  });

  it("shows 'Saldo disponível: R$' with the cashback, both balances and the rate", async () => {
    walletApi({
      'GET /api/wallet': { body: makeWallet({ saldo: 5000, cashback: 1234, cashbackBp: 250 }) },
      'GET /api/wallet/statement': {
        body: [
          makeStatementEntry({
            id: 'e-2',
            kind: 'cashback',
            conta: 'cashback',
            valor: 1234,
            descricao: 'Cashback da Sala ouro',
          }),
          makeStatementEntry({
            id: 'e-1',
            kind: 'entry_balance',
            conta: 'saldo',
            valor: -1000,
            descricao: 'Entrada na Sala ouro',
          }),
        ],
      },
    });
    renderRoutes(routes, '/cashback');
    expect(await screen.findByText('Saldo disponível: R$')).toBeDefined();
    expect(screen.getByText('12,34')).toBeDefined();
    const balances = screen.getByRole('region', { name: 'Seus saldos' });
    expect(within(balances).getByText(brl(5000))).toBeDefined();
    expect(within(balances).getByText(brl(1234))).toBeDefined();
    expect(within(balances).getByText(/não pode ser sacado/)).toBeDefined();
    expect(within(balances).getByText(/sacado por PIX/)).toBeDefined();
    expect(screen.getAllByText(/2,5%/).length).toBeGreaterThan(0);

    const statement = screen.getByRole('region', { name: 'Extrato' });
    const rows = within(statement).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Cashback recebido')).toBeDefined();
    expect(within(rows[0]!).getByText(`+ ${brl(1234)}`).className).toContain('text-success');
    expect(within(rows[0]!).getByText('Cashback')).toBeDefined();
    expect(within(rows[1]!).getByText('Entrada paga com saldo')).toBeDefined();
    expect(within(rows[1]!).getByText(`− ${brl(1000)}`).className).toContain('text-destructive');
    expect(within(rows[1]!).getByText('Saldo')).toBeDefined();
  });

  it("refuses less than R$ 1,00 with 'O valor mínimo é R$ 1,00.'", async () => {
    const topup = vi.fn<MockHandler>(() => ({
      body: makeCharge({ purpose: 'topup', participacaoId: null }),
    }));
    walletApi({ 'POST /api/wallet/topup': topup });
    renderRoutes(routes, '/cashback');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Valor (R$)'), '0,50');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('O valor mínimo é R$ 1,00.')).toBeDefined();
    expect(screen.getByLabelText('Valor (R$)').getAttribute('aria-invalid')).toBe('true');
    expect(topup).not.toHaveBeenCalled();
  });

  it('adds Saldo by PIX: the charge inline, then the wallet read again when paid', async () => {
    let paid = false;
    let walletReads = 0;
    const topup = vi.fn<MockHandler>(() => ({
      body: makeCharge({ purpose: 'topup', participacaoId: null, valor: 2550 }),
    }));
    walletApi({
      'POST /api/wallet/topup': topup,
      'GET /api/wallet': () => {
        walletReads += 1;
        return { body: makeWallet({ saldo: paid ? 2550 : 0 }) };
      },
      'GET /api/payments/config': { body: { configured: true, provider: 'simulator' } },
      [`POST /api/payments/pix/${TXID}/simulate`]: () => {
        paid = true;
        return { body: { ok: true } };
      },
      [`GET /api/payments/pix/${TXID}`]: () => ({
        body: makeCharge({
          purpose: 'topup',
          participacaoId: null,
          valor: 2550,
          status: paid ? 'CONCLUIDA' : 'ATIVA',
        }),
      }),
    });
    renderRoutes(routes, '/cashback');
    await screen.findByText('Nenhum cashback encontrado.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Valor (R$)'), '25,50');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));

    expect(await screen.findByText('PIX Gerado!')).toBeDefined();
    expect(topup.mock.calls[0]?.[0].body).toEqual({ valor: 2550 });
    expect(screen.getByText(brl(2550))).toBeDefined();
    expect(screen.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeDefined();
    expect(screen.getByText('Aguardando pagamento...')).toBeDefined();

    const before = walletReads;
    await user.click(screen.getByRole('button', { name: 'Simular pagamento' }));
    expect(await screen.findByText('Pagamento confirmado!')).toBeDefined();
    expect(screen.getByText('O valor foi adicionado ao seu Saldo.')).toBeDefined();
    await vi.waitFor(() => {
      expect(walletReads).toBeGreaterThan(before);
    });
  });

  it("shows 'Erro ao gerar PIX' when the top-up fails", async () => {
    walletApi({
      'POST /api/wallet/topup': {
        status: 503,
        body: {
          error: {
            code: 'SERVICE_UNAVAILABLE',
            reason: 'PIX_NOT_CONFIGURED',
            message: 'Sistema PIX não configurado. Entre em contato com o administrador.',
          },
        },
      },
    });
    renderRoutes(routes, '/cashback');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Valor (R$)'), '10');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('Erro ao gerar PIX')).toBeDefined();
    expect(
      screen.getByText('Sistema PIX não configurado. Entre em contato com o administrador.'),
    ).toBeDefined();
  });
});
