/** The participate page: the open rooms and one room (join dialog, results: beside). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brl, ids, makeParticipation, makeRoom } from '@/test/fixtures';
import { type MockHandler, type MockReply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { lucky } from '@/test/lucky';
import { routes, ROOM_PAGE, roomApi } from './participate.test-setup';

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
