import type { PixCharge } from '@sorteio/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { advanceTimers, useFakeTimersInBlock } from '@/test/fake-timers';
import { ids, makeCharge, TXID } from '@/test/fixtures';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import PaymentPage from './payment';

const routes = [
  { path: '/payment', element: <PaymentPage /> },
  { path: '/dashboard', element: <h1>Painel do usuário</h1> },
];

const PAGE = `/payment?participacao_id=${ids.participation}&valor=10.00&descricao=Participa%C3%A7%C3%A3o+em+sorteio+-+Sala+ouro`;
const STATUS = `GET /api/payments/pix/${TXID}`;

function paymentApi(overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/payments/config': { body: { configured: true, provider: 'efi' } },
    'GET /api/payments/pix': { body: { charge: null, seat: null } },
    'POST /api/payments/pix': { body: makeCharge() },
    [STATUS]: { body: makeCharge() },
    ...overrides,
  });
}

/** The server's answers to the status poll, in order; the last one repeats. */
function statusSequence(...charges: PixCharge[]) {
  const calls = { count: 0 };
  const handler: MockHandler = () => {
    const charge = charges[Math.min(calls.count, charges.length - 1)];
    calls.count += 1;
    return { body: charge };
  };
  return { calls, handler };
}

describe('payment page', () => {
  it.each([
    ['without participacao_id', '/payment?valor=10.00'],
    ['without valor', `/payment?participacao_id=${ids.participation}`],
    [
      'with a valor that is not a number',
      `/payment?participacao_id=${ids.participation}&valor=abc`,
    ],
  ])('goes to /dashboard %s', async (_, path) => {
    paymentApi();
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Painel do usuário' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the summary and the lucky number, and generates the PIX at once', async () => {
    const create = vi.fn<MockHandler>(() => ({ body: makeCharge() }));
    paymentApi({
      'GET /api/payments/pix': {
        body: { charge: null, seat: { numeroSorte: 'O1234056', tipoSala: 'ouro' } },
      },
      'POST /api/payments/pix': create,
    });
    renderRoutes(routes, `/payment?participacao_id=${ids.participation}&valor=10`);
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento PIX' })).toBeDefined();
    // descricao defaults to 'Participação em sorteio'; the value has 2 decimals.
    expect(screen.getByText('Participação em sorteio')).toBeDefined();
    expect(screen.getByText('R$ 10,00')).toBeDefined();
    // No second tap: the charge is asked for as soon as the page knows there is none.
    expect(await screen.findByText('PIX Gerado!')).toBeDefined();
    expect(create).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Gerar PIX' })).toBeNull();
    const lucky = document.querySelector('[data-lucky-number="O1234056"]');
    expect(lucky?.textContent).toBe('O1234056');
    expect(lucky?.className).toContain('font-lucky');
  });

  it("generates the PIX: QR code, copy-paste code and 'Aguardando pagamento...'", async () => {
    const create = vi.fn<MockHandler>(() => ({ body: makeCharge() }));
    paymentApi({ 'POST /api/payments/pix': create });
    renderRoutes(routes, PAGE);
    expect(screen.getByText('Participação em sorteio - Sala ouro')).toBeDefined();

    expect(await screen.findByText('PIX Gerado!')).toBeDefined();
    expect(create.mock.calls[0]?.[0].body).toEqual({ participacaoId: ids.participation });
    const qr = screen.getByRole('img', { name: 'QR Code PIX para pagamento' });
    expect(qr.getAttribute('src')).toBe(makeCharge().qrCodeBase64);
    expect(screen.getByLabelText('PIX Copia e Cola')).toHaveProperty(
      'value',
      makeCharge().qrCodeText,
    );
    expect(screen.getByText('Aguardando pagamento...')).toBeDefined();
    expect(screen.getByText('Abra o aplicativo do seu banco.')).toBeDefined();
    expect(screen.getByText(/Este PIX expira em/)).toBeDefined();
  });

  it('shows an existing charge at once, without generating another', async () => {
    const create = vi.fn<MockHandler>(() => ({ body: makeCharge() }));
    paymentApi({
      'GET /api/payments/pix': { body: { charge: makeCharge(), seat: null } },
      'POST /api/payments/pix': create,
    });
    renderRoutes(routes, PAGE);
    expect(await screen.findByLabelText('PIX Copia e Cola')).toBeDefined();
    expect(screen.getByText('Aguardando pagamento...')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Gerar PIX' })).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it("copies the code with 'Código PIX copiado!'", async () => {
    paymentApi({ 'GET /api/payments/pix': { body: { charge: makeCharge(), seat: null } } });
    renderRoutes(routes, PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Código PIX copiado!')).toBeDefined();
    expect(await navigator.clipboard.readText()).toBe(makeCharge().qrCodeText);
  });

  it('says when the PIX system is not configured', async () => {
    paymentApi({ 'GET /api/payments/config': { body: { configured: false, provider: 'efi' } } });
    renderRoutes(routes, PAGE);
    expect(
      await screen.findByText('Sistema PIX não configurado. Entre em contato com o administrador.'),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Gerar PIX' })).toHaveProperty('disabled', true);
  });

  it("shows the server's PIX_NOT_CONFIGURED answer under 'Erro ao gerar PIX'", async () => {
    paymentApi({
      'POST /api/payments/pix': {
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
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Erro ao gerar PIX')).toBeDefined();
    expect(
      screen.getByText('Sistema PIX não configurado. Entre em contato com o administrador.'),
    ).toBeDefined();
  });

  it("falls back to 'Erro na integração com o provedor' on a server failure", async () => {
    paymentApi({ 'POST /api/payments/pix': { status: 500, body: undefined } });
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Erro ao gerar PIX')).toBeDefined();
    expect(screen.getByText('Erro na integração com o provedor')).toBeDefined();
  });

  it('says so when the participation is already paid, without confirming a charge', async () => {
    paymentApi({
      'POST /api/payments/pix': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            reason: 'ALREADY_PAID',
            message: 'Esta participação já está paga.',
          },
        },
      },
    });
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Esta participação já está paga.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar ao Dashboard' })).toBeDefined();
    expect(screen.queryByText('Erro ao gerar PIX')).toBeNull();
    expect(screen.queryByText('Pagamento confirmado!')).toBeNull();
  });

  it("drops the repeated 'Erro ao gerar PIX' from a provider failure", async () => {
    paymentApi({
      'POST /api/payments/pix': {
        status: 503,
        body: {
          error: {
            code: 'SERVICE_UNAVAILABLE',
            reason: 'PIX_PROVIDER_ERROR',
            message: 'Erro ao gerar PIX: Tempo de resposta esgotado',
          },
        },
      },
    });
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Erro ao gerar PIX')).toBeDefined();
    expect(screen.getByText('Tempo de resposta esgotado')).toBeDefined();
  });

  it("offers 'Simular pagamento' only when the simulator is the provider", async () => {
    paymentApi({ 'GET /api/payments/pix': { body: { charge: makeCharge(), seat: null } } });
    renderRoutes(routes, PAGE);
    await screen.findByLabelText('PIX Copia e Cola');
    // Let the config answer arrive.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).toBeNull();
    expect(screen.queryByText('Ambiente de demonstração: o pagamento é simulado')).toBeNull();
  });

  it('pays through the simulator and confirms from the status answer', async () => {
    let paid = false;
    const simulate = vi.fn<MockHandler>(() => {
      paid = true;
      return { body: { ok: true } };
    });
    paymentApi({
      'GET /api/payments/config': { body: { configured: true, provider: 'simulator' } },
      'GET /api/payments/pix': {
        body: {
          charge: makeCharge(),
          seat: {
            numeroSorte: 'B1234056',
            tipoSala: 'bronze',
            salaId: '0b4c7e3e-5555-4000-8000-000000000005',
            privateRoomId: null,
          },
        },
      },
      [`POST /api/payments/pix/${TXID}/simulate`]: simulate,
      [STATUS]: () => ({ body: makeCharge(paid ? { status: 'CONCLUIDA' } : {}) }),
    });
    renderRoutes(routes, PAGE);
    expect(
      await screen.findByText('Ambiente de demonstração: o pagamento é simulado'),
    ).toBeDefined();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Simular pagamento' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento Confirmado!' })).toBeDefined();
    expect(simulate).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Pagamento confirmado!')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar ao Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    // The ticket is not lost: the number and the room, and the way to the room it is in.
    expect(screen.getByText('Seu número da sorte')).toBeDefined();
    expect(document.querySelector('[data-lucky-number="B1234056"]')).not.toBeNull();
    expect(screen.getByText('· Sala Bronze')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ver minha participação' }).getAttribute('href')).toBe(
      '/participate?sala_id=0b4c7e3e-5555-4000-8000-000000000005',
    );
  });

  describe('expired PIX', () => {
    it("offers 'Gerar novo PIX' and shows the new charge", async () => {
      const fresh = makeCharge({ txid: 'SIM9999999999999999999999999' });
      paymentApi({
        'GET /api/payments/pix': {
          body: { charge: makeCharge({ status: 'EXPIRADA' }), seat: null },
        },
        [STATUS]: { body: makeCharge({ status: 'EXPIRADA' }) },
        'POST /api/payments/pix': { body: fresh },
        [`GET /api/payments/pix/${fresh.txid}`]: { body: fresh },
      });
      renderRoutes(routes, PAGE);
      expect(await screen.findByText('O prazo deste PIX terminou.')).toBeDefined();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Gerar novo PIX' }));
      expect(await screen.findByText('Aguardando pagamento...')).toBeDefined();
      expect(screen.getByLabelText('PIX Copia e Cola')).toBeDefined();
    });

    it('says the seat was released when the server answers SEAT_EXPIRED', async () => {
      paymentApi({
        'GET /api/payments/pix': {
          body: { charge: makeCharge({ status: 'EXPIRADA' }), seat: null },
        },
        [STATUS]: { body: makeCharge({ status: 'EXPIRADA' }) },
        'POST /api/payments/pix': {
          status: 409,
          body: {
            error: {
              code: 'CONFLICT',
              reason: 'SEAT_EXPIRED',
              message: 'O prazo desta reserva terminou e a vaga foi liberada.',
            },
          },
        },
      });
      renderRoutes(routes, PAGE);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Gerar novo PIX' }));
      expect(await screen.findByText(/o valor vai para o seu Saldo/)).toBeDefined();
      expect(
        screen.getAllByText('O prazo desta reserva terminou e a vaga foi liberada.').length,
      ).toBeGreaterThan(0);
      expect(screen.getByRole('link', { name: 'Escolher outra sala' }).getAttribute('href')).toBe(
        '/participate',
      );
    });
  });

  describe('status polling', () => {
    useFakeTimersInBlock();
    const advance = advanceTimers;

    it('never confirms on a timer: only when the server answers CONCLUIDA', async () => {
      const paid = { now: false };
      const status = vi.fn<MockHandler>(() => ({
        body: makeCharge(paid.now ? { status: 'CONCLUIDA' } : {}),
      }));
      paymentApi({
        'GET /api/payments/pix': { body: { charge: null, seat: null } },
        [STATUS]: status,
      });
      renderRoutes(routes, PAGE);
      await advance(50);
      await advance(50);
      expect(screen.getByText('Aguardando pagamento...')).toBeDefined();

      // The original showed "confirmed" 15 s after a poll; here the server still says ATIVA.
      await advance(20_000);
      expect(status.mock.calls.length).toBeGreaterThanOrEqual(4);
      expect(screen.getByText('Aguardando pagamento...')).toBeDefined();
      expect(screen.queryByText('Pagamento confirmado!')).toBeNull();
      expect(screen.queryByText('Pagamento Confirmado!')).toBeNull();

      paid.now = true;
      await advance(5_000);
      expect(screen.getByText('Pagamento confirmado!')).toBeDefined();
      expect(screen.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeDefined();
      // The toast too.
      expect(screen.getAllByText('Pagamento Confirmado!')).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'Voltar ao Dashboard' })).toBeDefined();

      // Paid is final: no more questions.
      const after = status.mock.calls.length;
      await advance(60_000);
      expect(status.mock.calls.length).toBe(after);
    });

    it("asks every 5 s, stops after 5 minutes, then offers 'Verificar pagamento'", async () => {
      const { calls, handler } = statusSequence(makeCharge());
      paymentApi({
        'GET /api/payments/pix': { body: { charge: makeCharge(), seat: null } },
        [STATUS]: handler,
      });
      renderRoutes(routes, PAGE);
      await advance(50);
      const first = calls.count;
      await advance(30_000);
      // 6 polls in 30 s (the 10 s status query coincides with them).
      expect(calls.count - first).toBeGreaterThanOrEqual(6);
      expect(calls.count - first).toBeLessThanOrEqual(9);
      expect(screen.queryByRole('button', { name: 'Verificar pagamento' })).toBeNull();

      await advance(300_000 - 30_000);
      const atStop = calls.count;
      await advance(120_000);
      expect(calls.count).toBe(atStop);
      expect(screen.getByText('Aguardando pagamento...')).toBeDefined();

      fireEvent.click(screen.getByRole('button', { name: 'Verificar pagamento' }));
      await advance(50);
      expect(calls.count).toBe(atStop + 1);
    });

    it("toasts 'Erro ao verificar pagamento' once when the check fails", async () => {
      paymentApi({
        'GET /api/payments/pix': { body: { charge: makeCharge(), seat: null } },
        [STATUS]: { status: 500, body: undefined },
      });
      renderRoutes(routes, PAGE);
      await advance(50);
      expect(screen.getByText('Erro ao verificar pagamento')).toBeDefined();
      expect(screen.getByText('Tente novamente')).toBeDefined();
      expect(screen.getByText('Aguardando pagamento...')).toBeDefined();
    });
  });
});
