import { formatDateTime, type PublicWinner, type Rankings } from '@sorteio/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brl } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { currentMonth, monthLabel, shiftMonth } from '../lib/months';
import { WinnersScreen } from './winners-screen';

const routes = [
  { path: '/ganhadores', element: <WinnersScreen /> },
  { path: '/sorteios/:id', element: <h1>Prova</h1> },
];

const DRAW_A = '0b4c7e3e-3333-4000-8000-00000000000a';
const DRAW_B = '0b4c7e3e-3333-4000-8000-00000000000b';

const winners: PublicWinner[] = [
  {
    sorteioId: DRAW_A,
    nome: 'Anônimo',
    premio: 45_000,
    tipoSala: 'ouro',
    data: '2026-11-20T18:30:00.000Z',
  },
  {
    sorteioId: DRAW_B,
    nome: 'Maria S.',
    premio: 9_000,
    tipoSala: 'vip_ultra',
    data: '2026-11-19T12:00:00.000Z',
  },
];

function rankings(mes: string, overrides: Partial<Rankings> = {}): Rankings {
  return {
    mes,
    maioresPremios: winners.map((w, i) => ({ ...w, posicao: i + 1 })),
    maisParticipacoes: [
      { posicao: 1, nome: 'João P.', participacoes: 12 },
      { posicao: 2, nome: 'Anônimo', participacoes: 1 },
    ],
    ...overrides,
  };
}

describe('/ganhadores', () => {
  it('lists the recent winners with the masked name, prize, room, date and the proof link', async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      'GET /api/winners': { body: { items: winners } },
      'GET /api/winners/rankings': { body: rankings(currentMonth()) },
    });
    renderRoutes(routes, '/ganhadores');
    expect(screen.getByRole('heading', { level: 1, name: 'Ganhadores' })).toBeDefined();
    const list = await screen.findByRole('list', { name: 'Ganhadores recentes' });
    const [first, second] = within(list).getAllByRole('listitem');
    const one = within(first!);
    expect(one.getByText('Anônimo')).toBeDefined();
    expect(one.getByText(brl(45_000))).toBeDefined();
    expect(one.getByText('Sala Ouro')).toBeDefined();
    expect(one.getByText(formatDateTime(winners[0]!.data))).toBeDefined();
    expect(one.getByRole('link', { name: /Verificar sorteio/ }).getAttribute('href')).toBe(
      `/sorteios/${DRAW_A}`,
    );
    const two = within(second!);
    expect(two.getByText('Maria S.')).toBeDefined();
    expect(two.getByText('Sala VIP Ultra')).toBeDefined();
  });

  it('shows the month rankings and moves to the month before', async () => {
    const user = userEvent.setup();
    const before = shiftMonth(currentMonth(), -1);
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: null } },
      'GET /api/winners': { body: { items: [] } },
      'GET /api/winners/rankings': () => ({ body: rankings(currentMonth()) }),
    });
    renderRoutes(routes, '/ganhadores');
    expect(await screen.findByText('Nenhum sorteio realizado ainda.')).toBeDefined();
    const prizes = await screen.findByRole('list', { name: 'Maiores prêmios' });
    expect(within(prizes).getAllByRole('listitem')).toHaveLength(2);
    const entries = screen.getByRole('list', { name: 'Mais participações' });
    expect(within(entries).getByText('João P.')).toBeDefined();
    expect(within(entries).getByText('12 participações')).toBeDefined();
    expect(within(entries).getByText('1 participação')).toBeDefined();
    expect(screen.getByText(monthLabel(currentMonth()))).toBeDefined();
    expect(screen.getByRole('button', { name: 'Próximo mês' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Mês anterior' }));
    expect(await screen.findByText(monthLabel(before))).toBeDefined();
    const urls = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(urls).toContain(`/api/winners/rankings?mes=${before}`);
  });

  it('says so when a month has no draw or entry', async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      'GET /api/winners': { body: { items: [] } },
      'GET /api/winners/rankings': {
        body: rankings(currentMonth(), { maioresPremios: [], maisParticipacoes: [] }),
      },
    });
    renderRoutes(routes, '/ganhadores');
    expect(await screen.findByText('Nenhum sorteio neste mês ainda.')).toBeDefined();
    expect(screen.getByText('Nenhuma participação neste mês ainda.')).toBeDefined();
  });
});
