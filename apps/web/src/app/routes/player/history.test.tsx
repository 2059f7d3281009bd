import { formatDate, formatDateTime } from '@sorteio/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brl, ids, makeHistory, makeHistoryItem, makeParticipation } from '@/test/fixtures';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import HistoryPage from './history';
import { lucky } from '@/test/lucky';

const routes = [{ path: '/history', element: <HistoryPage /> }];

function historyApi(history = makeHistory()) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/history': { body: history },
  });
}

const room = makeHistoryItem().room;
const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'.padEnd(64, '0');

function entry(n: number) {
  return makeParticipation({ id: `0b4c7e3e-2222-4000-8000-00000000000${n}` });
}

describe('history', () => {
  it('shows the four summary cards', async () => {
    historyApi(
      makeHistory({ totalParticipacoes: 12, vitorias: 3, taxaVitoria: 0.25, totalGanho: 45_678 }),
    );
    renderRoutes(routes, '/history');
    expect(screen.getByRole('heading', { level: 1, name: 'Histórico' })).toBeDefined();
    const cards = screen.getByRole('region', { name: 'Resumo' });
    expect(await within(cards).findByText('12')).toBeDefined();
    expect(within(cards).getByText('3')).toBeDefined();
    expect(within(cards).getByText('25,0%')).toBeDefined();
    expect(within(cards).getByText(brl(45_678))).toBeDefined();
  });

  it('shows each participation with its badge, figures and draw', async () => {
    const drawn = makeHistoryItem({
      participation: makeParticipation({ ehVencedor: true, numeroSorte: 'O1111222' }),
      room: { ...room, status: 'finalizada', tipoSala: 'vip_ultra' },
      draw: {
        id: ids.draw,
        numeroVencedor: 'O1111222',
        timestampSorteio: '2025-01-03T18:00:00.000Z',
        hashProva: HASH,
      },
    });
    historyApi(
      makeHistory({
        items: [
          drawn,
          makeHistoryItem({
            participation: entry(2),
            room: { ...room, status: 'finalizada' },
          }),
          makeHistoryItem({ participation: entry(3), room: { ...room, status: 'sorteada' } }),
          makeHistoryItem({ participation: entry(4), room: { ...room, status: 'sorteando' } }),
          makeHistoryItem({ participation: entry(5) }),
          makeHistoryItem({
            participation: makeParticipation({
              id: '0b4c7e3e-2222-4000-8000-000000000006',
              statusPagamento: 'pendente',
              metodoPagamento: 'pix',
              expiresAt: '2099-01-01T00:00:00.000Z',
            }),
          }),
          makeHistoryItem({
            participation: makeParticipation({
              id: '0b4c7e3e-2222-4000-8000-000000000007',
              statusPagamento: 'cancelado',
            }),
          }),
          makeHistoryItem({ participation: entry(8), room: { ...room, status: 'cancelada' } }),
        ],
      }),
    );
    renderRoutes(routes, '/history');
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(8);

    const winner = within(items[0]!);
    expect(winner.getByRole('heading', { name: 'Sala VIP Ultra' })).toBeDefined();
    const badge = winner.getByText('Vencedor');
    expect(badge.getAttribute('data-slot')).toBe('badge');
    expect(badge.className).toContain('bg-success');
    expect(winner.getAllByText(lucky('O1111222'))).toHaveLength(2);
    expect(winner.getByText(brl(1000))).toBeDefined();
    // The prize won reads as a green credit.
    expect(winner.getByText('Prêmio recebido')).toBeDefined();
    expect(winner.getByText(`+ ${brl(8000)}`).className).toContain('text-success');
    expect(winner.getByText(formatDate('2025-01-02T12:00:00.000Z'))).toBeDefined();
    expect(winner.getByText(formatDateTime('2025-01-03T18:00:00.000Z'))).toBeDefined();
    expect(winner.getByText('a1b2c3d4e5f60718')).toBeDefined();
    expect(winner.queryByText(HASH)).toBeNull();
    expect(winner.getAllByRole('link')[0]!.getAttribute('href')).toBe(`/sorteios/${ids.draw}`);

    const finished = within(items[1]!).getByText('Finalizada');
    expect(finished.className).toContain('bg-destructive');
    expect(within(items[2]!).getByText('Finalizada')).toBeDefined();
    expect(within(items[3]!).getByText('Sorteando').className).toContain('bg-warning');
    expect(within(items[4]!).getByText('Aguardando').className).toContain('bg-info');

    expect(within(items[5]!).getByText('Aguardando')).toBeDefined();
    expect(within(items[5]!).getByText('Pagamento pendente')).toBeDefined();
    expect(within(items[5]!).getByRole('link', { name: 'Pagar agora' })).toBeDefined();
    expect(within(items[6]!).getByText('Cancelada')).toBeDefined();
    expect(within(items[6]!).queryByText('Aguardando')).toBeNull();
    expect(within(items[7]!).getByText('Sala cancelada')).toBeDefined();
  });

  it('links each card to the room its seat is in: the private room page, or the public room', async () => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/history': {
        body: makeHistory({
          items: [
            makeHistoryItem({ participation: entry(1) }),
            makeHistoryItem({
              participation: entry(2),
              room: {
                ...room,
                tipoSala: 'privada',
                privateRoomId: '0b4c7e3e-7777-4000-8000-000000000007',
              },
            }),
          ],
        }),
      },
    });
    renderRoutes(routes, '/history');
    const links = await screen.findAllByRole('link', { name: /^Ver a sala/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/participate?sala_id=${room.id}`,
      '/private-room/0b4c7e3e-7777-4000-8000-000000000007',
    ]);
  });

  it('has an empty state with a button to /participate', async () => {
    historyApi();
    renderRoutes(routes, '/history');
    expect(await screen.findByText('Nenhuma participação ainda')).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Participar de um sorteio' }).getAttribute('href'),
    ).toBe('/participate');
  });

  it("shows a load error with 'Tentar Novamente'", async () => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/history': { status: 500, body: undefined },
    });
    renderRoutes(routes, '/history');
    expect(await screen.findByText('Erro ao carregar histórico')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Tentar Novamente' })).toBeDefined();
  });

  it("loads the next page with 'Carregar mais' and hides it on the last page", async () => {
    const pages = [
      makeHistory({
        totalParticipacoes: 3,
        items: [
          makeHistoryItem({ participation: entry(1) }),
          makeHistoryItem({ participation: entry(2) }),
        ],
        nextOffset: 2,
      }),
      makeHistory({
        totalParticipacoes: 3,
        items: [makeHistoryItem({ participation: entry(3) })],
        nextOffset: null,
      }),
    ];
    let served = 0;
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/history': () => ({ body: pages[Math.min(served++, 1)] }),
    });
    renderRoutes(routes, '/history');
    const user = userEvent.setup();
    const list = (await screen.findByRole('heading', { name: 'Participações' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(list).findAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    });
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => (typeof url === 'string' ? url : ''));
    expect(urls.filter((url) => url.startsWith('/api/history'))).toEqual([
      '/api/history',
      '/api/history?offset=2',
    ]);
  });
});
