/** The participate page: the result of the draw, the live draw and count, the fee and prize. */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brl, ids, makeDrawSummary, makeParticipation, makeRoom } from '@/test/fixtures';
import { installLiveSocket } from '@/test/live-socket';
import { type MockHandler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { lucky } from '@/test/lucky';
import { computePrize } from '@sorteio/shared';
import { routes, ROOM_PAGE, roomApi, openDialog } from './participate.test-setup';

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
