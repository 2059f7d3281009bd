import type { Profile } from '@sorteio/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseProfile } from '@/features/profile/test-data';
import {
  brl,
  ids,
  makeDrawSummary,
  makeParticipation,
  makeRoom,
  makeWallet,
} from '@/test/fixtures';
import { installLiveSocket } from '@/test/live-socket';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import ParticipatePage from './participate';
import { lucky } from '@/test/lucky';
import { roomToReturn } from '@/lib/return-to-room';
import { computePrize } from '@sorteio/shared';

const routes = [
  { path: '/participate', element: <ParticipatePage /> },
  { path: '/payment', element: <h1>Página de pagamento</h1> },
  { path: '/dashboard', element: <h1>Painel do usuário</h1> },
];

const verified: Profile = { ...baseProfile, isVerified: true };
const ROOM_PAGE = `/participate?sala_id=${ids.room}`;

function roomApi(overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/rooms': { body: [] },
    [`GET /api/rooms/${ids.room}`]: { body: makeRoom() },
    [`GET /api/rooms/${ids.room}/my-participation`]: { body: { participation: null } },
    'GET /api/profile': { body: verified },
    'GET /api/wallet': { body: makeWallet({ saldo: 600, cashback: 500 }) },
    ...overrides,
  });
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Participar Agora' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

function joinError(status: number, reason: string | undefined, message: string): MockReply {
  return {
    status,
    body: {
      error: {
        code: status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'CONFLICT',
        message,
        ...(reason ? { reason } : {}),
      },
    },
  };
}

describe('participate: open rooms', () => {
  it("shows the loading text, then 'Nenhuma sala disponível' with 'Atualizar'", async () => {
    const list = vi.fn<MockHandler>(() => ({ body: [] }));
    roomApi({ 'GET /api/rooms': list });
    renderRoutes(routes, '/participate');
    expect(screen.getByText('Carregando salas disponíveis...')).toBeDefined();
    expect(await screen.findByText('Nenhuma sala disponível')).toBeDefined();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it("shows each room as a card with a 'Participar' link", async () => {
    roomApi({
      'GET /api/rooms': {
        body: [
          makeRoom(),
          makeRoom({ id: ids.room2, tipoSala: 'vip_ultra', participantesAtual: 1 }),
        ],
      },
    });
    renderRoutes(routes, '/participate');
    expect(screen.getByRole('heading', { level: 1, name: 'Participar' })).toBeDefined();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByRole('heading', { name: 'Sala VIP Ultra' })).toBeDefined();
    expect(within(cards[1]!).getByText('1/10')).toBeDefined();
    expect(within(cards[1]!).getByText(brl(1000))).toBeDefined();
    expect(within(cards[1]!).getByText(brl(8000))).toBeDefined();
    expect(within(cards[1]!).getByRole('link', { name: 'Participar' }).getAttribute('href')).toBe(
      `/participate?sala_id=${ids.room2}`,
    );
    expect(screen.getByRole('link', { name: 'Voltar ao Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});

describe('participate: one room', () => {
  it('shows the room, its commitment and the join button', async () => {
    roomApi();
    renderRoutes(routes, ROOM_PAGE);
    expect(screen.getByText('Carregando sala...')).toBeDefined();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sala Ouro' })).toBeDefined();
    expect(screen.getByText('3/10')).toBeDefined();
    expect(screen.getByText('Compromisso do sorteio')).toBeDefined();
    expect(screen.getByText('9f86d081884c7d65…')).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Como verificar os sorteios' }).getAttribute('href'),
    ).toBe('/sorteios');
    expect(await screen.findByRole('button', { name: 'Participar Agora' })).toBeDefined();
  });

  it("shows 'Verificando participação...' while the seat is checked", async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}/my-participation`]: () => new Promise<MockReply>(() => {}),
    });
    renderRoutes(routes, ROOM_PAGE);
    expect(await screen.findByText('Verificando participação...')).toBeDefined();
  });

  it('says the person is already in, with the lucky number', async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}/my-participation`]: {
        body: { participation: makeParticipation({ numeroSorte: 'O4321987' }) },
      },
    });
    renderRoutes(routes, ROOM_PAGE);
    expect(await screen.findByText('Você já está participando desta sala!')).toBeDefined();
    expect(screen.getByText(lucky('O4321987'))).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pagar agora' })).toBeNull();
  });

  it("offers 'Pagar agora' for a seat waiting for its PIX", async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}/my-participation`]: {
        body: {
          participation: makeParticipation({
            statusPagamento: 'pendente',
            metodoPagamento: 'pix',
            expiresAt: '2099-01-01T00:00:00.000Z',
          }),
        },
      },
    });
    renderRoutes(routes, ROOM_PAGE);
    const pay = await screen.findByRole('link', { name: 'Pagar agora' });
    const url = new URL(pay.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/payment');
    expect(url.searchParams.get('participacao_id')).toBe(ids.participation);
    expect(url.searchParams.get('valor')).toBe('10.00');
  });

  it("says 'Esta sala está cheia!' when every seat is taken", async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}`]: {
        body: makeRoom({ participantesAtual: 10, maxParticipantes: 10 }),
      },
    });
    renderRoutes(routes, ROOM_PAGE);
    expect(await screen.findByText('Esta sala está cheia!')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).toBeNull();
  });

  it("shows 'Sala não encontrada' with both buttons for a missing room", async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Sala não encontrada' } },
      },
    });
    renderRoutes(routes, ROOM_PAGE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sala não encontrada' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ver Outras Salas' }).getAttribute('href')).toBe(
      '/participate',
    );
    expect(screen.getByRole('link', { name: 'Ver Salas Disponíveis' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});

describe('join dialog', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it("asks an unverified person to verify, with 'Verificar Agora'", async () => {
    roomApi({ 'GET /api/profile': { body: baseProfile } });
    renderRoutes(routes, ROOM_PAGE);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Verificação Necessária')).toBeDefined();
    // The profile fields the verification needs that are still empty come first.
    expect(within(dialog).getByText(/Na aba Perfil, preencha primeiro/)).toBeDefined();
    expect(within(dialog).getByText('CPF')).toBeDefined();
    expect(within(dialog).getByText('Abra a aba Verificação.')).toBeDefined();
    expect(within(dialog).getByText('Envie uma foto do documento e uma selfie.')).toBeDefined();
    expect(within(dialog).getByText('A verificação automática é instantânea.')).toBeDefined();
    expect(within(dialog).getByRole('link', { name: 'Verificar Agora' }).getAttribute('href')).toBe(
      '/profile?tab=verificacao',
    );
    expect(within(dialog).queryByRole('button', { name: 'Participar' })).toBeNull();
    // The room is remembered, to come back to it once the identity is verified.
    expect(roomToReturn()).toEqual({ path: ROOM_PAGE, name: 'Sala Ouro' });
  });

  it('names no profile field when the profile is complete', async () => {
    roomApi({ 'GET /api/profile': { body: { ...baseProfile, cpf: '52998224725' } } });
    renderRoutes(routes, ROOM_PAGE);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Verificação Necessária')).toBeDefined();
    expect(within(dialog).queryByText(/preencha primeiro/)).toBeNull();
  });

  it('shows the room and the payment methods, PIX by default, with the balance', async () => {
    roomApi();
    renderRoutes(routes, ROOM_PAGE);
    const { dialog } = await openDialog();
    // Both balances, by their names, and their sum.
    expect(
      await within(dialog).findByText(
        `Disponível: ${brl(1100)} (Saldo ${brl(600)} + Cashback ${brl(500)}). O Cashback é usado primeiro.`,
      ),
    ).toBeDefined();
    expect(within(dialog).getByText('Participar da')).toBeDefined();
    expect(within(dialog).getByRole('radio', { name: /PIX/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: /Saldo/ })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDefined();
  });

  it('blocks the balance when it is below the entry value', async () => {
    roomApi({ 'GET /api/wallet': { body: makeWallet({ saldo: 300, cashback: 200 }) } });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível: R\$ 5,00/);
    await user.click(within(dialog).getByRole('radio', { name: /Saldo/ }));
    expect(
      within(dialog).getByText('Saldo insuficiente. Adicione saldo na seção Cashback.'),
    ).toBeDefined();
    expect(within(dialog).getByRole('link', { name: 'Adicionar saldo' }).getAttribute('href')).toBe(
      '/cashback',
    );
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toHaveProperty(
      'disabled',
      true,
    );
    // Back to PIX: allowed again.
    await user.click(within(dialog).getByRole('radio', { name: /PIX/ }));
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('creates a PIX seat and goes to the payment page with the right query', async () => {
    const join = vi.fn<MockHandler>(() => ({
      body: {
        participation: makeParticipation({
          statusPagamento: 'pendente',
          metodoPagamento: 'pix',
          numeroSorte: 'O7777123',
          valorPago: 1000,
          expiresAt: '2099-01-01T00:00:00.000Z',
        }),
        room: makeRoom({ participantesAtual: 4 }),
      },
    }));
    roomApi({ [`POST /api/rooms/${ids.room}/join`]: join });
    const { router } = renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));

    expect(await screen.findByRole('heading', { name: 'Página de pagamento' })).toBeDefined();
    expect(join.mock.calls[0]?.[0].body).toEqual({ metodo: 'pix' });
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/payment');
    const params = new URLSearchParams(search);
    expect(params.get('participacao_id')).toBe(ids.participation);
    expect(params.get('valor')).toBe('10.00');
    expect(params.get('descricao')).toBe('Participação em sorteio - Sala Ouro');
    expect(screen.getByText('Participação Criada!')).toBeDefined();
    expect(
      screen.getByText('Seu número da sorte: O7777123. Agora efetue o pagamento.'),
    ).toBeDefined();
  });

  it('confirms a seat paid from the balance at once', async () => {
    let joined = false;
    const seat = makeParticipation({ numeroSorte: 'O5555999' });
    roomApi({
      [`POST /api/rooms/${ids.room}/join`]: () => {
        joined = true;
        return { body: { participation: seat, room: makeRoom({ participantesAtual: 4 }) } };
      },
      [`GET /api/rooms/${ids.room}/my-participation`]: () => ({
        body: { participation: joined ? seat : null },
      }),
    });
    const { router } = renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('radio', { name: /Saldo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));

    // Money moves at once: the amount is confirmed first, with where it comes from.
    expect(await within(dialog).findByText(`Pagar ${brl(1000)} com o seu Saldo?`)).toBeDefined();
    expect(within(dialog).getByText('Do Cashback').nextSibling?.textContent).toBe('R$\u00a05,00');
    expect(within(dialog).getByText('Do Saldo').nextSibling?.textContent).toBe('R$\u00a05,00');
    expect(joined).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }));

    expect(await screen.findByText('Participação Confirmada!')).toBeDefined();
    expect(screen.getByText('Seu número da sorte: O5555999')).toBeDefined();
    expect(await screen.findByText('Você já está participando desta sala!')).toBeDefined();
    expect(screen.getByText('4/10')).toBeDefined();
    expect(router.state.location.pathname).toBe('/participate');
  });

  it.each([
    [403, 'NOT_VERIFIED', 'Verificação Necessária'],
    [409, 'ROOM_NOT_OPEN', 'Esta sala não está mais disponível para participação'],
    [409, 'ROOM_FULL', 'Sala lotada! Não há mais vagas disponíveis'],
    [409, 'ALREADY_JOINED', 'Você já está participando desta sala!'],
    [400, 'INSUFFICIENT_BALANCE', 'Saldo insuficiente. Adicione saldo na seção Cashback.'],
    [401, undefined, 'Usuário não autenticado'],
  ])("shows 'Erro ao participar' for %s %s", async (status, reason, message) => {
    roomApi({ [`POST /api/rooms/${ids.room}/join`]: joinError(status, reason, message) });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    const toast = (await screen.findAllByText('Erro ao participar'))
      .map((title) => title.closest<HTMLElement>('[data-slot="toast"]'))
      .find((el) => el !== null);
    expect(within(toast!).getByText(message)).toBeDefined();
    // The dialog stays open with the error under the form, unless the room changed (409).
    if (status === 409) {
      expect(screen.queryByRole('dialog')).toBeNull();
    } else {
      const dialog = screen.getByRole('dialog');
      const inline = within(dialog).getByText('Erro ao participar').closest('[data-slot="alert"]');
      expect(within(inline as HTMLElement).getByText(message)).toBeDefined();
    }
  });

  it('asks before paying from the balance, and shows a refusal inside the dialog', async () => {
    const join = vi.fn<MockHandler>(() =>
      joinError(
        400,
        'INSUFFICIENT_BALANCE',
        'Saldo insuficiente. Adicione saldo na seção Cashback.',
      ),
    );
    roomApi({ [`POST /api/rooms/${ids.room}/join`]: join });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('radio', { name: /Saldo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    expect(await within(dialog).findByText(`Pagar ${brl(1000)} com o seu Saldo?`)).toBeDefined();

    // 'Voltar' goes back to the form without paying.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(join).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('radio', { name: /Saldo/ })).toHaveProperty('checked', true);

    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar pagamento' }));
    expect(join.mock.calls[0]?.[0].body).toEqual({ metodo: 'balance' });
    const inline = (await within(dialog).findByText('Erro ao participar')).closest(
      '[data-slot="alert"]',
    );
    expect(
      within(inline as HTMLElement).getByText(
        'Saldo insuficiente. Adicione saldo na seção Cashback.',
      ),
    ).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toBeDefined();
  });

  it('remembers the room when the server refuses an unverified person', async () => {
    roomApi({
      [`POST /api/rooms/${ids.room}/join`]: joinError(
        403,
        'NOT_VERIFIED',
        'Verificação Necessária',
      ),
    });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    expect(roomToReturn()).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    await screen.findAllByText('Erro ao participar');
    expect(roomToReturn()?.path).toBe(ROOM_PAGE);
  });
});

describe('participate: result of the draw', () => {
  const DRAW_URL = `GET /api/rooms/${ids.room}/draw`;

  it('shows the result with the winner line and the way to verify it', async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}`]: {
        body: makeRoom({ status: 'sorteada', participantesAtual: 10 }),
      },
      [DRAW_URL]: { body: { draw: makeDrawSummary() } },
      [`GET /api/rooms/${ids.room}/my-participation`]: {
        body: { participation: makeParticipation({ ehVencedor: true }) },
      },
    });
    renderRoutes(routes, ROOM_PAGE);
    const result = await screen.findByRole('region', { name: 'Resultado do sorteio' });
    expect(within(result).getByText('Você ganhou!')).toBeDefined();
    expect(within(result).queryByText('Não foi desta vez')).toBeNull();
    expect(within(result).getAllByText(lucky('O1234567')).length).toBeGreaterThan(0);
    expect(within(result).getByText('Maria')).toBeDefined();
    expect(within(result).getByText(brl(8000))).toBeDefined();
    expect(within(result).getByText('Pago')).toBeDefined();
    expect(within(result).getByText('c0ffee00deadbeef')).toBeDefined();
    expect(
      within(result).getByRole('link', { name: 'Verificar sorteio' }).getAttribute('href'),
    ).toBe(`/sorteios/${ids.draw}`);
    expect(screen.getByText('Você participou deste sorteio')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('has no winner line for someone else, and says the prize is being paid', async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}`]: { body: makeRoom({ status: 'finalizada' }) },
      [DRAW_URL]: {
        body: {
          draw: makeDrawSummary({ numeroVencedor: 'O9999999', statusPagamentoPremio: 'pendente' }),
        },
      },
      [`GET /api/rooms/${ids.room}/my-participation`]: {
        body: { participation: makeParticipation({ numeroSorte: 'O1111111' }) },
      },
    });
    renderRoutes(routes, ROOM_PAGE);
    const result = await screen.findByRole('region', { name: 'Resultado do sorteio' });
    expect(within(result).getByText('Pagamento em andamento')).toBeDefined();
    expect(within(result).getAllByText(lucky('O9999999')).length).toBeGreaterThan(0);
    expect(within(result).getByText('Não foi desta vez')).toBeDefined();
    expect(screen.queryByText('Você ganhou!')).toBeNull();
    // Opened after the draw: the result at once, no countdown.
    expect(screen.queryByText('Sala completa! Sorteando...')).toBeNull();
  });

  it('shows the result as soon as the draw exists, even before the room status catches up', async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}`]: { body: makeRoom({ status: 'sorteando' }) },
      [DRAW_URL]: { body: { draw: makeDrawSummary() } },
    });
    renderRoutes(routes, ROOM_PAGE);
    expect(await screen.findByRole('region', { name: 'Resultado do sorteio' })).toBeDefined();
  });

  it('does not ask for a draw while the room is open', async () => {
    const draw = vi.fn<MockHandler>(() => ({ body: { draw: null } }));
    roomApi({ [DRAW_URL]: draw });
    renderRoutes(routes, ROOM_PAGE);
    expect(await screen.findByRole('button', { name: 'Participar Agora' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Resultado do sorteio' })).toBeNull();
    expect(draw).not.toHaveBeenCalled();
  });

  it('says a cancelled room refunded the entries, without the join button', async () => {
    roomApi({
      [`GET /api/rooms/${ids.room}`]: { body: makeRoom({ status: 'cancelada' }) },
      [`GET /api/rooms/${ids.room}/my-participation`]: {
        body: { participation: makeParticipation() },
      },
    });
    renderRoutes(routes, ROOM_PAGE);
    expect(
      await screen.findByText('Sala cancelada: as entradas foram reembolsadas no saldo.'),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ver meu saldo' }).getAttribute('href')).toBe(
      '/cashback',
    );
    expect(screen.queryByRole('button', { name: 'Participar Agora' })).toBeNull();
    expect(screen.queryByText('Você já está participando desta sala!')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Resultado do sorteio' })).toBeNull();
  });
});

describe('participate: the draw while the page is open', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The room fills and is drawn while the player watches; the server says so on the socket. */
  function liveRoom(seat = makeParticipation({ numeroSorte: 'O1234567' })) {
    const live = installLiveSocket();
    const state = { drawn: false };
    roomApi({
      [`GET /api/rooms/${ids.room}`]: () => ({
        body: state.drawn
          ? makeRoom({ status: 'sorteada', participantesAtual: 10 })
          : makeRoom({ participantesAtual: 9 }),
      }),
      [`GET /api/rooms/${ids.room}/my-participation`]: { body: { participation: seat } },
      [`GET /api/rooms/${ids.room}/draw`]: () => ({
        body: { draw: state.drawn ? makeDrawSummary({ numeroVencedor: 'O1234567' }) : null },
      }),
    });
    return {
      live,
      draw() {
        state.drawn = true;
        live.emit({ type: 'draw', roomId: ids.room, drawId: ids.draw, result: 'drawn' });
      },
    };
  }

  it("counts down, then reveals 'Você ganhou!', and drops the 'Ao vivo' mark", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const room = liveRoom();
    renderRoutes(routes, ROOM_PAGE);
    expect(await screen.findByText('Você já está participando desta sala!')).toBeDefined();
    expect(await screen.findByText('Ao vivo')).toBeDefined();

    room.draw();
    expect(
      await screen.findByRole('heading', { name: 'Sala completa! Sorteando...' }),
    ).toBeDefined();
    expect(screen.getByTestId('draw-countdown').textContent).toMatch(/^[123]$/);
    expect(screen.queryByText('Você ganhou!')).toBeNull();
    // The room is no longer open: no 'Ao vivo' on it.
    expect(screen.queryByText('Ao vivo')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    const result = await screen.findByRole('region', { name: 'Resultado do sorteio' });
    expect(within(result).getByText('Você ganhou!')).toBeDefined();
    expect(screen.queryByTestId('draw-countdown')).toBeNull();
  });

  it("says 'Não foi desta vez' with the winning number to a seat that lost", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const room = liveRoom(makeParticipation({ numeroSorte: 'O7654321' }));
    renderRoutes(routes, ROOM_PAGE);
    await screen.findByText('Você já está participando desta sala!');
    room.draw();
    await screen.findByRole('heading', { name: 'Sala completa! Sorteando...' });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const result = await screen.findByRole('region', { name: 'Resultado do sorteio' });
    expect(within(result).getByText('Não foi desta vez')).toBeDefined();
    expect(within(result).getAllByText(lucky('O1234567')).length).toBeGreaterThan(0);
  });

  it('shows the result directly, without a countdown, under reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const room = liveRoom();
    renderRoutes(routes, ROOM_PAGE);
    await screen.findByText('Você já está participando desta sala!');
    room.draw();
    // Well under the 3 s countdown: the result is there at once.
    const result = await screen.findByRole('region', { name: 'Resultado do sorteio' });
    expect(within(result).getByText('Você ganhou!')).toBeDefined();
    expect(screen.queryByText('Sala completa! Sorteando...')).toBeNull();
  });
});

describe('participate: live participants count', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("marks the count 'Ao vivo' and updates it when the server reports a change", async () => {
    const live = installLiveSocket();
    let seats = 3;
    roomApi({
      [`GET /api/rooms/${ids.room}`]: () => ({ body: makeRoom({ participantesAtual: seats }) }),
    });
    renderRoutes(routes, ROOM_PAGE);
    const count = await screen.findByText('3/10');
    expect(count.getAttribute('aria-live')).toBe('polite');
    expect(await screen.findByText('Ao vivo')).toBeDefined();

    seats = 4;
    live.emit({ type: 'room', roomId: ids.room });
    expect(await screen.findByText('4/10')).toBeDefined();
  });

  it("has no 'Ao vivo' mark while the live connection is down", async () => {
    vi.stubGlobal('WebSocket', undefined);
    roomApi();
    renderRoutes(routes, ROOM_PAGE);
    const count = await screen.findByText('3/10');
    expect(count.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText('Ao vivo')).toBeNull();
  });
});

describe('participate: the fee and the prize before paying', () => {
  // R$ 9,99 x 7 at 12,5 %: 874,125 centavos of fee, rounded to R$ 8,74; the prize is the rest.
  const split = computePrize({ entryCentavos: 999, maxParticipants: 7, feeBasisPoints: 1250 });
  const feeRoom = makeRoom({
    valorEntrada: 999,
    maxParticipantes: 7,
    participantesAtual: 2,
    taxaPersonalizadaBp: 1250,
    premioBruto: split.grossCentavos,
    taxaPlataforma: split.feeCentavos,
    premioLiquido: split.netCentavos,
  });

  function expectFeeAndPrize(scope: HTMLElement) {
    const facts = within(scope);
    expect(facts.getByText('Entrada')).toBeDefined();
    expect(facts.getByText(brl(999))).toBeDefined();
    expect(facts.getByText('Taxa da Plataforma (12,5%)')).toBeDefined();
    expect(facts.getByText(brl(874))).toBeDefined();
    expect(facts.getByText('Prêmio')).toBeDefined();
    expect(facts.getByText(brl(6119))).toBeDefined();
  }

  it('shows entry, fee % and amount and prize on the list card', async () => {
    expect(split).toEqual({ grossCentavos: 6993, feeCentavos: 874, netCentavos: 6119 });
    roomApi({ 'GET /api/rooms': { body: [feeRoom] } });
    renderRoutes(routes, '/participate');
    const [card] = await screen.findAllByRole('listitem');
    expectFeeAndPrize(card!);
  });

  it('shows them on the room page and again in the join dialog', async () => {
    roomApi({ [`GET /api/rooms/${ids.room}`]: { body: feeRoom } });
    renderRoutes(routes, ROOM_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sala Ouro' })).toBeDefined();
    expectFeeAndPrize(document.body);
    const { dialog } = await openDialog();
    expectFeeAndPrize(dialog);
  });
});
