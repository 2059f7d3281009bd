import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installLiveSocket } from '@/test/live-socket';
import { brl, ids, makeCharge, makeDrawSummary, makeParticipation } from '@/test/fixtures';
import { lucky } from '@/test/lucky';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import {
  makeMessage,
  makePrivateDetail,
  makePrivatePayment,
  makePrivateRoom,
  privateIds,
  ROOM_CODE,
} from '@/test/private-room-fixtures';
import { renderRoutes } from '@/test/render';
import PrivateRoomPage from './private-room';

const ROOM = `/api/private-rooms/${privateIds.room}`;
const routes = [
  { path: '/private-room/:roomCode', element: <PrivateRoomPage /> },
  { path: '/private-rooms', element: <h1>Minhas salas</h1> },
];

function roomApi(overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/payments/config': { body: { configured: true, provider: 'simulator' } },
    [`GET ${ROOM}`]: { body: makePrivateDetail() },
    [`GET ${ROOM}/messages`]: { body: [] },
    ...overrides,
  });
}

function paymentCard(heading: HTMLElement): HTMLElement {
  const card = heading.closest<HTMLElement>('[data-slot="card"]');
  if (!card) throw new Error('The payment card is missing.');
  return card;
}

function open() {
  return renderRoutes(routes, `/private-room/${privateIds.room}`);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('private room detail', () => {
  it("says 'Sala não encontrada.' on 404", async () => {
    roomApi({
      [`GET ${ROOM}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Sala não encontrada.' } },
      },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Sala não encontrada.' })).toBeDefined();
  });

  it('hides the edit form from a member who may not edit', async () => {
    roomApi();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sala dos Amigos' })).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Voltar às salas privadas' }).getAttribute('href'),
    ).toBe('/private-rooms');
    expect(screen.queryByLabelText('Nome Personalizado')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar Alterações' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sortear agora' })).toBeNull();
  });

  it("shows the edit form to the creator and saves with 'Sala atualizada!'", async () => {
    const update = vi.fn<MockHandler>(() => ({ body: makePrivateRoom({ customName: 'Galera' }) }));
    roomApi({
      [`GET ${ROOM}`]: { body: makePrivateDetail({ isCreator: true, canEdit: true }) },
      [`PUT ${ROOM}`]: update,
    });
    open();
    const user = userEvent.setup();
    const custom = await screen.findByLabelText('Nome Personalizado');
    expect(screen.getByLabelText('Nome da Sala')).toHaveProperty('value', 'Sala dos Amigos');
    await user.type(custom, 'Galera');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Sala atualizada!')).toBeDefined();
    expect(update.mock.calls[0]?.[0].body).toEqual({
      roomName: 'Sala dos Amigos',
      customName: 'Galera',
    });
  });

  it("shows 'Erro ao atualizar sala' with the server's message", async () => {
    roomApi({
      [`GET ${ROOM}`]: { body: makePrivateDetail({ isCreator: true, canEdit: true }) },
      [`PUT ${ROOM}`]: {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Somente quem criou a sala pode editá-la.' } },
      },
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Erro ao atualizar sala')).toBeDefined();
    expect(screen.getByText('Somente quem criou a sala pode editá-la.')).toBeDefined();
  });

  it('tells a non-member to join, without chat or payment', async () => {
    const messages = vi.fn<MockHandler>(() => ({ body: [] }));
    roomApi({
      [`GET ${ROOM}`]: {
        body: makePrivateDetail({ isMember: false, myParticipation: null, myPayment: null }),
      },
      [`GET ${ROOM}/messages`]: messages,
    });
    open();
    expect(
      await screen.findByText('Você precisa participar da sala para ver as opções de pagamento'),
    ).toBeDefined();
    expect(screen.queryByText('Pagamento da Participação')).toBeNull();
    expect(screen.queryByPlaceholderText('Digite sua mensagem...')).toBeNull();
    expect(messages).not.toHaveBeenCalled();
  });

  it('enables the draw for the creator of a closed room with two paid seats', async () => {
    const detail = makePrivateDetail({
      isCreator: true,
      canEdit: true,
      room: makePrivateRoom({ sala: { ...makePrivateRoom().sala, status: 'fechada' } }),
    });
    const paidSeats = [privateIds.participant, privateIds.participant2].map((id) => ({
      ...detail.participants[0]!,
      id,
      paid: true,
    }));
    const draw = vi.fn<MockHandler>(() => ({ body: { result: 'drawn', sorteioId: 'd-1' } }));
    roomApi({
      [`GET ${ROOM}`]: { body: { ...detail, participants: paidSeats } },
      [`POST ${ROOM}/draw`]: draw,
    });
    open();
    expect(await screen.findByText('Sala fechada para novas entradas.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Fechar sala para novas entradas' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Sortear agora' });
    expect(button).toHaveProperty('disabled', false);
    await userEvent.setup().click(button);
    expect(await screen.findByText('Sorteio realizado!')).toBeDefined();
    expect(draw).toHaveBeenCalledOnce();
  });

  it('shows the result of a drawn room and no more closing or drawing to its creator', async () => {
    const sala = { ...makePrivateRoom().sala, status: 'sorteada' as const };
    roomApi({
      [`GET ${ROOM}`]: {
        body: makePrivateDetail({
          isCreator: true,
          canEdit: true,
          room: makePrivateRoom({ sala }),
          drawId: ids.draw,
          draw: makeDrawSummary({ numeroVencedor: '123456', vencedorPrimeiroNome: 'Maria' }),
          myParticipation: makeParticipation({ numeroSorte: '123456', ehVencedor: true }),
          myPayment: makePrivatePayment({ status: 'paid' }),
        }),
      },
    });
    open();
    const result = await screen.findByRole('region', { name: 'Resultado do sorteio' });
    expect(within(result).getByText('Você ganhou!')).toBeDefined();
    expect(within(result).getAllByText(lucky('123456')).length).toBeGreaterThan(0);
    expect(within(result).getByText('Maria')).toBeDefined();
    expect(within(result).getByText(brl(8000))).toBeDefined();
    expect(
      within(result).getByRole('link', { name: 'Verificar sorteio' }).getAttribute('href'),
    ).toBe(`/sorteios/${ids.draw}`);
    // Opened after the draw: no countdown.
    expect(screen.queryByText('Sala completa! Sorteando...')).toBeNull();
    // The creator's controls say what happened, with nothing left to press.
    expect(screen.getByText('Sorteio realizado. A sala está encerrada.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Fechar sala para novas entradas' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sortear agora' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compartilhar Convite' })).toBeNull();
  });

  it("says 'Não foi desta vez' to a member whose number lost", async () => {
    roomApi({
      [`GET ${ROOM}`]: {
        body: makePrivateDetail({
          room: makePrivateRoom({ sala: { ...makePrivateRoom().sala, status: 'sorteada' } }),
          drawId: ids.draw,
          draw: makeDrawSummary({ numeroVencedor: '654321', vencedorPrimeiroNome: 'João' }),
          myParticipation: makeParticipation({ numeroSorte: '123456' }),
          myPayment: makePrivatePayment({ status: 'paid' }),
        }),
      },
    });
    open();
    const result = await screen.findByRole('region', { name: 'Resultado do sorteio' });
    expect(within(result).getByText('Não foi desta vez')).toBeDefined();
    expect(within(result).getAllByText(lucky('654321')).length).toBeGreaterThan(0);
    expect(within(result).getByText('João')).toBeDefined();
  });

  it('counts down and reveals the draw when it happens while the room is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = installLiveSocket();
    const state = { drawn: false };
    const seat = makeParticipation({ numeroSorte: '123456' });
    roomApi({
      [`GET ${ROOM}`]: () => ({
        body: state.drawn
          ? makePrivateDetail({
              room: makePrivateRoom({ sala: { ...makePrivateRoom().sala, status: 'sorteada' } }),
              drawId: ids.draw,
              draw: makeDrawSummary({ numeroVencedor: '123456' }),
              myParticipation: { ...seat, ehVencedor: true },
              myPayment: makePrivatePayment({ status: 'paid' }),
            })
          : makePrivateDetail({
              myParticipation: seat,
              myPayment: makePrivatePayment({ status: 'paid' }),
            }),
      }),
    });
    open();
    expect(await screen.findByText('Pagamento Confirmado!')).toBeDefined();
    state.drawn = true;
    live.emit({ type: 'private-room', roomId: privateIds.room, change: 'draw' });
    expect(
      await screen.findByRole('heading', { name: 'Sala completa! Sorteando...' }),
    ).toBeDefined();
    expect(screen.queryByText('Você ganhou!')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText('Você ganhou!')).toBeDefined();
    expect(screen.queryByTestId('draw-countdown')).toBeNull();
  });

  it('lets the creator take a seat in their own open room', async () => {
    let joined = false;
    const join = vi.fn<MockHandler>(() => {
      joined = true;
      return {
        body: {
          participation: makeParticipation({ numeroSorte: '246810', statusPagamento: 'pendente' }),
          room: makePrivateRoom(),
        },
      };
    });
    roomApi({
      [`GET ${ROOM}`]: () => ({
        body: joined
          ? makePrivateDetail({ isCreator: true, canEdit: true })
          : makePrivateDetail({
              isCreator: true,
              canEdit: true,
              participants: [],
              myParticipation: null,
              myPayment: null,
            }),
      }),
      [`POST /api/private-rooms/by-code/${ROOM_CODE}/join`]: join,
    });
    open();
    expect(
      await screen.findByText('Você criou esta sala e também pode participar do sorteio.'),
    ).toBeDefined();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Participar da Sala' }));
    expect(await screen.findByText('Entrou na sala!')).toBeDefined();
    expect(screen.getByText('Seu número da sorte: 246810')).toBeDefined();
    expect(join).toHaveBeenCalledOnce();
    expect(await screen.findByRole('heading', { name: 'Pagamento da Participação' })).toBeDefined();
    expect(
      screen.queryByText('Você criou esta sala e também pode participar do sorteio.'),
    ).toBeNull();
  });

  it("shares the invitation from the room while it is open ('Compartilhar Convite')", async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    roomApi();
    open();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Compartilhar Convite' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: makePrivateRoom().inviteLink }),
    );
  });

  it('keeps the draw disabled with fewer than two paid seats', async () => {
    roomApi({
      [`GET ${ROOM}`]: {
        body: makePrivateDetail({
          isCreator: true,
          room: makePrivateRoom({ sala: { ...makePrivateRoom().sala, status: 'fechada' } }),
        }),
      },
    });
    open();
    expect(await screen.findByRole('button', { name: 'Sortear agora' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('room chat', () => {
  it("shows 'Nenhuma mensagem ainda' and 'Desconectado' without a live connection", async () => {
    roomApi();
    open();
    expect(await screen.findByText('Nenhuma mensagem ainda')).toBeDefined();
    expect(screen.getByText('Seja o primeiro a conversar!')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Chat - Sala dos Amigos' })).toBeDefined();
    expect(screen.getByText('Desconectado')).toBeDefined();
  });

  it("shows 'Conectado' when the live connection is open", async () => {
    installLiveSocket();
    roomApi();
    open();
    expect(await screen.findByText('Conectado')).toBeDefined();
  });

  it('puts own messages on the right and others on the left with first name and time', async () => {
    roomApi({
      [`GET ${ROOM}/messages`]: {
        body: [
          makeMessage(),
          makeMessage({
            id: privateIds.message2,
            userId: 'u-9',
            authorName: 'João Souza',
            message: 'Boa sorte!',
          }),
        ],
      },
    });
    open();
    const own = (await screen.findByText('Olá, pessoal!')).closest('[data-own]');
    const other = screen.getByText('Boa sorte!').closest('[data-own]');
    expect(own?.getAttribute('data-own')).toBe('true');
    expect(own?.className).toContain('justify-end');
    expect(other?.getAttribute('data-own')).toBe('false');
    expect(other?.className).toContain('justify-start');
    expect(screen.getByText('João')).toBeDefined();
    // 15:30 UTC is 12:30 in São Paulo.
    expect(screen.getAllByText('12:30')).toHaveLength(2);
  });

  it('does not send a blank message and sends the trimmed text', async () => {
    const send = vi.fn<MockHandler>(({ body }) => ({
      body: makeMessage({ message: (body as { message: string }).message }),
    }));
    roomApi({ [`POST ${ROOM}/messages`]: send });
    open();
    const user = userEvent.setup();
    const input = await screen.findByPlaceholderText('Digite sua mensagem...');
    expect(input.getAttribute('maxLength')).toBe('500');
    await user.type(input, '    {Enter}');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.clear(input);
    await user.type(input, '  Oi!  ');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Oi!')).toBeDefined();
    expect(send.mock.calls[0]?.[0].body).toEqual({ message: 'Oi!' });
    await waitFor(() => {
      expect(input).toHaveProperty('value', '');
    });
  });

  it("shows 'Erro ao enviar mensagem' with the server's message", async () => {
    roomApi({
      [`POST ${ROOM}/messages`]: {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Aguarde um pouco antes de enviar.' } },
      },
    });
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('Digite sua mensagem...'), 'Oi{Enter}');
    expect(await screen.findByText('Erro ao enviar mensagem')).toBeDefined();
    expect(screen.getByText('Aguarde um pouco antes de enviar.')).toBeDefined();
  });
});

describe('participation payment card', () => {
  it('shows the values, the fee label from feeBp, the countdown and the pay buttons', async () => {
    roomApi({
      [`GET ${ROOM}`]: {
        body: makePrivateDetail({
          room: makePrivateRoom({ feeBp: 1500, prizeTotal: 8500 }),
          myPayment: makePrivatePayment({
            platformFee: 150,
            expiresAt: new Date(Date.now() + (2 * 60 + 5) * 60_000 + 30_000).toISOString(),
          }),
        }),
      },
    });
    open();
    const card = paymentCard(
      await screen.findByRole('heading', { name: 'Pagamento da Participação' }),
    );
    expect(within(card).getByText('Pendente')).toBeDefined();
    expect(screen.getByText('Valor da Entrada')).toBeDefined();
    expect(screen.getByText('Taxa da Plataforma (15%)')).toBeDefined();
    expect(screen.getByText('R$ 1,50')).toBeDefined();
    expect(screen.getByText('Prêmio Total')).toBeDefined();
    expect(screen.getByText('R$ 85,00')).toBeDefined();
    expect(screen.getByText('Tempo para pagamento:')).toBeDefined();
    expect(screen.getByText('2h 5min')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Gerar Código PIX' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Pagar com saldo' })).toBeDefined();
  });

  it("generates the PIX: 'PIX Gerado!', the code, 'Copiado!' and the simulator", async () => {
    const create = vi.fn<MockHandler>(() => ({ body: makeCharge() }));
    roomApi({
      'POST /api/payments/pix': create,
      [`GET /api/payments/pix/${makeCharge().txid}`]: { body: makeCharge() },
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gerar Código PIX' }));
    expect(await screen.findByText('PIX Gerado!')).toBeDefined();
    expect(create.mock.calls[0]?.[0].body).toEqual({
      participacaoId: makePrivateDetail().myParticipation?.id,
    });
    expect(screen.getByText('PIX gerado!')).toBeDefined();
    expect(screen.getByLabelText('PIX Copia e Cola')).toHaveProperty(
      'value',
      makeCharge().qrCodeText,
    );
    expect(screen.getByRole('button', { name: 'Simular pagamento' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Copiado!')).toBeDefined();
  });

  it("shows 'Erro ao gerar PIX' when the charge fails", async () => {
    roomApi({
      'POST /api/payments/pix': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Participação já paga.' } },
      },
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gerar Código PIX' }));
    expect(await screen.findByText('Erro ao gerar PIX')).toBeDefined();
  });

  it("shows 'Pago' and 'Pagamento Confirmado!' when paid", async () => {
    roomApi({
      [`GET ${ROOM}`]: {
        body: makePrivateDetail({ myPayment: makePrivatePayment({ status: 'paid' }) }),
      },
    });
    open();
    expect(await screen.findByText('Pagamento Confirmado!')).toBeDefined();
    expect(screen.getByText('Sua participação está garantida')).toBeDefined();
    const card = paymentCard(screen.getByRole('heading', { name: 'Pagamento da Participação' }));
    expect(within(card).getByText('Pago')).toBeDefined();
    expect(screen.queryByText('Tempo para pagamento:')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gerar Código PIX' })).toBeNull();
  });

  it("shows 'Falhou' for a failed payment", async () => {
    roomApi({
      [`GET ${ROOM}`]: {
        body: makePrivateDetail({ myPayment: makePrivatePayment({ status: 'failed' }) }),
      },
    });
    open();
    expect(await screen.findByText('Falhou')).toBeDefined();
  });

  it("pays from the balance and shows the server's refusal", async () => {
    roomApi({
      [`POST ${ROOM}/pay-with-balance`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'Saldo insuficiente.',
            reason: 'INSUFFICIENT_BALANCE',
          },
        },
      },
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pagar com saldo' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Confirmar pagamento',
      }),
    );
    // The refusal stays in the payment card, not only in a toast.
    const card = paymentCard(screen.getByRole('heading', { name: 'Pagamento da Participação' }));
    const alert = (await within(card).findByText('Não foi possível pagar com o saldo')).closest(
      '[data-slot="alert"]',
    );
    expect(within(alert as HTMLElement).getByText('Saldo insuficiente.')).toBeDefined();
  });

  it('asks to confirm the amount before paying from the balance', async () => {
    let paid = false;
    const pay = vi.fn<MockHandler>(() => {
      paid = true;
      return { status: 204 };
    });
    roomApi({
      [`POST ${ROOM}/pay-with-balance`]: pay,
      [`GET ${ROOM}`]: () => ({
        body: makePrivateDetail(paid ? { myPayment: makePrivatePayment({ status: 'paid' }) } : {}),
      }),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pagar com saldo' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Pagar R$ 10,00 com o seu Saldo?')).toBeDefined();
    expect(within(dialog).getByText(/Entrada na sala Sala dos Amigos/)).toBeDefined();

    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(pay).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Pagar com saldo' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Confirmar pagamento',
      }),
    );
    expect(pay).toHaveBeenCalledTimes(1);
    const card = paymentCard(screen.getByRole('heading', { name: 'Pagamento da Participação' }));
    expect(await within(card).findByText('Pago')).toBeDefined();
    // The success toast, once.
    expect(screen.getAllByText('Sua participação está garantida')).toHaveLength(2);
    expect(screen.getAllByText('Pagamento Confirmado!')).toHaveLength(2);
  });
});
