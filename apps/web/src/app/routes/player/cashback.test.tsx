import { formatDateTime, type Profile } from '@sorteio/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseProfile } from '@/features/profile/test-data';
import { brl, makeCharge, makeStatementEntry, makeWallet, TXID } from '@/test/fixtures';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import CashbackPage from './cashback';

const routes = [{ path: '/cashback', element: <CashbackPage /> }];

const verified: Profile = { ...baseProfile, isVerified: true };

function walletApi(overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    // A Saldo that covers the withdrawals typed below (the screen checks it before confirming).
    'GET /api/wallet': { body: makeWallet({ saldo: 10_000 }) },
    'GET /api/wallet/statement': { body: [] },
    'GET /api/payments/config': { body: { configured: true, provider: 'efi' } },
    'GET /api/profile': { body: verified },
    'GET /api/wallet/withdrawals': { body: [] },
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
    const balances = screen.getByRole('region', { name: 'Seus saldos' });
    // The page leads with the Saldo (withdrawable), then the Cashback (credit for entries).
    const [first, second] = within(balances).getAllByRole('region');
    expect(first!.getAttribute('aria-labelledby')).toBe('saldo-title');
    const saldo = within(balances).getByRole('region', { name: 'Saldo' });
    expect(saldo).toBe(first);
    expect(within(saldo).getByText(brl(5000))).toBeDefined();
    expect(within(saldo).getByText('Pode ser sacado')).toBeDefined();
    expect(within(saldo).getByText(/sacado por PIX/)).toBeDefined();
    const cashback = within(balances).getByRole('region', { name: 'Cashback' });
    expect(cashback).toBe(second);
    expect(within(cashback).getByText('Saldo disponível: R$')).toBeDefined();
    expect(within(cashback).getByText('12,34')).toBeDefined();
    expect(within(cashback).getByText(/não pode ser sacado/)).toBeDefined();
    expect(screen.getAllByText(/2,5%/).length).toBeGreaterThan(0);
    // Saldo comes before Cashback in the page.
    expect(saldo.compareDocumentPosition(cashback) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const statement = screen.getByRole('region', { name: 'Extrato' });
    const rows = within(statement).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Cashback recebido')).toBeDefined();
    expect(within(rows[0]!).getByText(`+ ${brl(1234)}`).className).toContain('text-success');
    expect(within(rows[0]!).getByText('Cashback')).toBeDefined();
    expect(within(rows[1]!).getByText('Entrada paga com saldo')).toBeDefined();
    expect(within(rows[1]!).getByText(`− ${brl(1000)}`).className).toContain('text-destructive');
    expect(within(rows[1]!).getByText('Saldo')).toBeDefined();
  });

  it("names an automatic prize payout 'Prêmio pago por PIX', not a withdrawal", async () => {
    walletApi({
      'GET /api/wallet/statement': {
        body: [
          makeStatementEntry({
            id: 'e-3',
            kind: 'prize_payout',
            conta: 'saldo',
            valor: -8000,
            descricao: 'Prêmio enviado por PIX',
          }),
          makeStatementEntry({
            id: 'e-2',
            kind: 'prize',
            conta: 'saldo',
            valor: 8000,
            descricao: 'Prêmio da sala ouro',
          }),
          makeStatementEntry({
            id: 'e-1',
            kind: 'withdrawal',
            conta: 'saldo',
            valor: -2000,
            descricao: 'Saque por PIX',
          }),
        ],
      },
    });
    renderRoutes(routes, '/cashback');
    const statement = screen.getByRole('region', { name: 'Extrato' });
    const rows = await within(statement).findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Prêmio pago por PIX')).toBeDefined();
    // The prize leaving for the winner's own key is a transfer: never a red minus.
    const payout = within(rows[0]!).getByText(`− ${brl(8000)}`);
    expect(payout.className).not.toContain('text-destructive');
    expect(within(rows[0]!).queryByText('Saque por PIX')).toBeNull();
    expect(within(rows[1]!).getByText('Prêmio')).toBeDefined();
    // The prize itself is a green credit.
    expect(within(rows[1]!).getByText(`+ ${brl(8000)}`).className).toContain('text-success');
    // Only the withdrawal the person asked for reads as one.
    expect(within(rows[2]!).getAllByText('Saque por PIX').length).toBeGreaterThan(0);
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

function makeWithdrawal(overrides: Record<string, unknown> = {}) {
  return {
    id: 'w-1',
    valor: 5000,
    status: 'pendente',
    createdAt: '2025-01-02T15:30:00.000Z',
    lastError: null,
    ...overrides,
  };
}

function withdrawError(status: number, message: string, reason?: string): MockReply {
  return {
    status,
    body: {
      error: {
        code: status === 403 ? 'FORBIDDEN' : status === 400 ? 'BAD_REQUEST' : 'VALIDATION_ERROR',
        message,
        ...(reason ? { reason } : {}),
      },
    },
  };
}

function withdrawCard() {
  return screen.getByRole('region', { name: 'Sacar por PIX' });
}

/** Types the amount, asks for the withdrawal and, unless told otherwise, confirms it. */
async function requestWithdrawal(amount: string, { confirm = true } = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Valor do saque (R$)'), amount);
  await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
  if (confirm) {
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar saque' }));
  }
  return user;
}

/** The inline error under the withdrawal form. */
function inlineWithdrawError() {
  const title = within(withdrawCard()).getByText('Erro ao sacar');
  return title.closest<HTMLElement>('[data-slot="alert"]')!;
}

describe('cashback: withdrawal', () => {
  it('explains that only the Saldo can be withdrawn and shows the masked PIX key', async () => {
    walletApi({ 'GET /api/wallet': { body: makeWallet({ saldo: 4200, cashback: 700 }) } });
    renderRoutes(routes, '/cashback');
    const card = withdrawCard();
    expect(within(card).getByRole('heading', { level: 2, name: 'Sacar por PIX' })).toBeDefined();
    expect(within(card).getByText(/Só o Saldo pode ser sacado/)).toBeDefined();
    expect(await within(card).findByText('mar***@example.com')).toBeDefined();
    expect(within(card).getByText('Chave PIX de destino (E-mail)')).toBeDefined();
    expect(await within(card).findByText(brl(4200))).toBeDefined();
    expect(
      within(card).getByText('Mínimo de R$ 10,00 e máximo de R$ 10.000,00 por saque.'),
    ).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the minimum the operator set, not a fixed R$ 10,00', async () => {
    walletApi({
      'GET /api/wallet': {
        body: makeWallet({ saldo: 4200, withdrawMinCentavos: 2000, withdrawMaxCentavos: 500_000 }),
      },
    });
    renderRoutes(routes, '/cashback');
    const card = withdrawCard();
    expect(
      await within(card).findByText('Mínimo de R$ 20,00 e máximo de R$ 5.000,00 por saque.'),
    ).toBeDefined();
    expect(within(card).queryByText(/Mínimo de R\$\s10,00/)).toBeNull();
  });

  it("shows the server's minimum in 'Erro ao sacar'", async () => {
    const withdraw = vi.fn<MockHandler>(() =>
      withdrawError(400, 'O valor mínimo de saque é R$ 10,00.'),
    );
    walletApi({ 'POST /api/wallet/withdraw': withdraw });
    renderRoutes(routes, '/cashback');
    await requestWithdrawal('5');
    // Under the form, not only in a toast.
    await within(withdrawCard()).findByText('Erro ao sacar');
    expect(
      within(inlineWithdrawError()).getByText('O valor mínimo de saque é R$ 10,00.'),
    ).toBeDefined();
    expect(inlineWithdrawError().getAttribute('role')).toBe('alert');
    expect(withdraw.mock.calls[0]?.[0].body).toEqual({ valor: 500 });
  });

  it('asks to confirm the amount and the masked PIX key before withdrawing', async () => {
    const withdraw = vi.fn<MockHandler>(() => ({
      body: { id: 'w-9', status: 'pendente', valor: 5000 },
    }));
    walletApi({
      'POST /api/wallet/withdraw': withdraw,
      'GET /api/profile': {
        body: { ...verified, chavePix: '12345678909', chavePixTipo: 'cpf' },
      },
    });
    renderRoutes(routes, '/cashback');
    const user = await requestWithdrawal('50,00', { confirm: false });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Confirmar saque' })).toBeDefined();
    expect(
      within(dialog).getByText(`Sacar ${brl(5000)} para a chave PIX ***.456.789-**?`),
    ).toBeDefined();
    expect(withdraw).not.toHaveBeenCalled();

    // 'Voltar' sends nothing and keeps the amount typed.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(withdraw).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Valor do saque (R$)')).toHaveProperty('value', '50,00');

    await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Confirmar saque',
      }),
    );
    expect(await screen.findByText('Saque solicitado')).toBeDefined();
    expect(withdraw).toHaveBeenCalledTimes(1);
    expect(withdraw.mock.calls[0]?.[0].body).toEqual({ valor: 5000 });
  });

  it('shows the reason when the Saldo is not enough', async () => {
    walletApi({
      'POST /api/wallet/withdraw': withdrawError(
        400,
        'Saldo insuficiente para este saque. O Cashback não pode ser sacado.',
        'INSUFFICIENT_BALANCE',
      ),
    });
    renderRoutes(routes, '/cashback');
    await requestWithdrawal('50,00');
    await within(withdrawCard()).findByText('Erro ao sacar');
    expect(
      within(inlineWithdrawError()).getByText(
        'Saldo insuficiente para este saque. O Cashback não pode ser sacado.',
      ),
    ).toBeDefined();
    // The next attempt clears the old error.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
    expect(await screen.findByRole('alertdialog')).toBeDefined();
    expect(screen.queryByText('Erro ao sacar')).toBeNull();
  });

  it('checks the Saldo before asking for the confirmation, and sends nothing', async () => {
    const withdraw = vi.fn<MockHandler>(() => ({ body: {} }));
    walletApi({
      'GET /api/wallet': { body: makeWallet({ saldo: 3000, cashback: 5000 }) },
      'POST /api/wallet/withdraw': withdraw,
    });
    renderRoutes(routes, '/cashback');
    expect(await within(withdrawCard()).findByText(brl(3000))).toBeDefined();
    await requestWithdrawal('50,00', { confirm: false });
    expect(
      await screen.findByText(
        `Saldo insuficiente para este saque: você pode sacar até ${brl(3000)}. O Cashback não pode ser sacado.`,
      ),
    ).toBeDefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Valor do saque (R$)').getAttribute('aria-invalid')).toBe('true');
    expect(withdraw).not.toHaveBeenCalled();

    // An amount within the Saldo goes on to the confirmation.
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Valor do saque (R$)'));
    await user.type(screen.getByLabelText('Valor do saque (R$)'), '30,00');
    await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
    expect(await screen.findByRole('alertdialog')).toBeDefined();
  });

  it('says so when the Saldo is zero, whatever the Cashback', async () => {
    walletApi({ 'GET /api/wallet': { body: makeWallet({ saldo: 0, cashback: 5000 }) } });
    renderRoutes(routes, '/cashback');
    expect(await within(withdrawCard()).findByText(brl(0))).toBeDefined();
    await requestWithdrawal('10', { confirm: false });
    expect(
      await screen.findByText(
        'Seu Saldo está zerado: não há valor para sacar. O Cashback não pode ser sacado.',
      ),
    ).toBeDefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows placeholders as examples, never as typed values', async () => {
    walletApi();
    renderRoutes(routes, '/cashback');
    const amount = await screen.findByLabelText('Valor do saque (R$)');
    expect(amount.getAttribute('placeholder')).toBe('Ex.: 50,00');
  });

  it('refuses an amount that is not money before asking the server', async () => {
    const withdraw = vi.fn<MockHandler>(() => ({ body: {} }));
    walletApi({ 'POST /api/wallet/withdraw': withdraw });
    renderRoutes(routes, '/cashback');
    await requestWithdrawal('abc', { confirm: false });
    expect(await screen.findByText('Valor inválido. Use, por exemplo, 50,00.')).toBeDefined();
    expect(screen.getByLabelText('Valor do saque (R$)').getAttribute('aria-invalid')).toBe('true');
    expect(withdraw).not.toHaveBeenCalled();
  });

  it("says 'Enviando...' while the request is on its way", async () => {
    walletApi({ 'POST /api/wallet/withdraw': () => new Promise<MockReply>(() => {}) });
    renderRoutes(routes, '/cashback');
    await requestWithdrawal('50');
    const button = await screen.findByRole('button', { name: 'Enviando...' });
    expect(button).toHaveProperty('disabled', true);
  });

  it("confirms with 'Saque solicitado' and reads the Saldo and the list again", async () => {
    let withdrawn = false;
    let walletReads = 0;
    const withdraw = vi.fn<MockHandler>(() => {
      withdrawn = true;
      return { body: { id: 'w-9', status: 'pendente', valor: 5000 } };
    });
    walletApi({
      'POST /api/wallet/withdraw': withdraw,
      'GET /api/wallet': () => {
        walletReads += 1;
        return { body: makeWallet({ saldo: withdrawn ? 1000 : 6000 }) };
      },
      'GET /api/wallet/withdrawals': () => ({
        body: withdrawn ? [makeWithdrawal({ id: 'w-9', valor: 5000 })] : [],
      }),
    });
    renderRoutes(routes, '/cashback');
    const list = screen.getByRole('region', { name: 'Meus saques' });
    expect(await within(list).findByText('Nenhum saque ainda.')).toBeDefined();
    const before = walletReads;

    await requestWithdrawal('50,00');
    expect(await screen.findByText('Saque solicitado')).toBeDefined();
    expect(screen.getByText('Você receberá o PIX em instantes.')).toBeDefined();
    expect(withdraw.mock.calls[0]?.[0].body).toEqual({ valor: 5000 });
    expect(await within(list).findByText('Em processamento')).toBeDefined();
    expect(within(list).getByText(brl(5000))).toBeDefined();
    expect(walletReads).toBeGreaterThan(before);
    expect(screen.getByLabelText('Valor do saque (R$)')).toHaveProperty('value', '');
  });

  it('links to the profile instead of the form when there is no PIX key', async () => {
    walletApi({
      'GET /api/profile': { body: { ...verified, chavePix: null, chavePixTipo: null } },
    });
    renderRoutes(routes, '/cashback');
    const card = withdrawCard();
    expect(
      await within(card).findByText('Cadastre sua chave PIX no perfil antes de sacar.'),
    ).toBeDefined();
    expect(
      within(card).getByRole('link', { name: 'Cadastrar chave PIX' }).getAttribute('href'),
    ).toBe('/profile?tab=perfil');
    expect(within(card).queryByRole('button', { name: 'Solicitar saque' })).toBeNull();
    expect(within(card).queryByLabelText('Valor do saque (R$)')).toBeNull();
  });

  it('links to the verification tab when the identity is not verified', async () => {
    walletApi({ 'GET /api/profile': { body: baseProfile } });
    renderRoutes(routes, '/cashback');
    const card = withdrawCard();
    expect(await within(card).findByText('Verifique sua identidade antes de sacar.')).toBeDefined();
    expect(
      within(card).getByRole('link', { name: 'Verificar identidade' }).getAttribute('href'),
    ).toBe('/profile?tab=verificacao');
    expect(within(card).queryByRole('button', { name: 'Solicitar saque' })).toBeNull();
  });
});

describe('cashback: my withdrawals', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('labels each status, with the reason of a returned one', async () => {
    walletApi({
      'GET /api/wallet/withdrawals': {
        body: [
          makeWithdrawal({ id: 'w-4', valor: 1000, status: 'pendente' }),
          makeWithdrawal({ id: 'w-3', valor: 2000, status: 'enviando' }),
          makeWithdrawal({ id: 'w-2', valor: 3000, status: 'confirmado' }),
          makeWithdrawal({
            id: 'w-1',
            valor: 4000,
            status: 'devolvido',
            lastError: 'Chave PIX não encontrada no banco.',
          }),
        ],
      },
    });
    renderRoutes(routes, '/cashback');
    const list = screen.getByRole('region', { name: 'Meus saques' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText(brl(1000))).toBeDefined();
    expect(within(rows[0]!).getByText('Em processamento')).toBeDefined();
    expect(within(rows[0]!).getByText(formatDateTime('2025-01-02T15:30:00.000Z'))).toBeDefined();
    expect(within(rows[1]!).getByText('Em processamento')).toBeDefined();
    expect(within(rows[2]!).getByText('Pago')).toBeDefined();
    expect(within(rows[3]!).getByText('Devolvido ao saldo')).toBeDefined();
    expect(within(rows[3]!).getByText('Chave PIX não encontrada no banco.')).toBeDefined();
  });

  it('reads the list again every 10 s only while a withdrawal is in progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'enviando';
    const list = vi.fn<MockHandler>(() => ({ body: [makeWithdrawal({ status })] }));
    walletApi({ 'GET /api/wallet/withdrawals': list });
    renderRoutes(routes, '/cashback');
    expect(await screen.findByText('Em processamento')).toBeDefined();
    expect(list).toHaveBeenCalledTimes(1);

    status = 'confirmado';
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByText('Pago')).toBeDefined();
    expect(list).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(list).toHaveBeenCalledTimes(2);
  });
});
