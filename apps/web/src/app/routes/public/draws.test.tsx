import { formatDateTime, type DrawSummary } from '@sorteio/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brl } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import DrawsPage from './draws';
import { lucky } from '@/test/lucky';

const routes = [{ path: '/sorteios', element: <DrawsPage /> }];

const HASH_A = 'a1b2c3d4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const HASH_B = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';

function makeDraw(n: number, overrides: Partial<DrawSummary> = {}): DrawSummary {
  return {
    id: `0b4c7e3e-3333-4000-8000-00000000000${n}`,
    roomId: `0b4c7e3e-1111-4000-8000-00000000000${n}`,
    tipoSala: 'ouro',
    numeroVencedor: `O000000${n}`,
    hashProva: HASH_A,
    timestampSorteio: `2025-03-0${n}T15:30:00.000Z`,
    valorPremioLiquido: 8000 + n,
    participantes: 10 + n,
    vencedorPrimeiroNome: `Pessoa${n}`,
    statusPagamentoPremio: 'confirmado',
    ...overrides,
  };
}

const anonymous = { 'GET /api/me': { body: { user: null } } };

describe('/sorteios', () => {
  it('lists the draws with room, number, prize, winner, date, participants, proof and status', async () => {
    const paid = makeDraw(2, {
      tipoSala: 'vip_ultra',
      valorPremioLiquido: 123_456,
      hashProva: HASH_B,
    });
    const pending = makeDraw(1, { statusPagamentoPremio: 'pendente' });
    mockApi({
      ...anonymous,
      'GET /api/draws': { body: { items: [paid, pending], nextCursor: null } },
    });
    renderRoutes(routes, '/sorteios');

    expect(screen.getByRole('heading', { level: 1, name: 'Sorteios verificáveis' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Carregando sorteios...');
    const list = await screen.findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');

    const one = within(first!);
    expect(one.getByRole('heading', { level: 3 }).textContent).toBe('Sala VIP Ultra');
    expect(one.getByText(lucky('O0000002'))).toBeDefined();
    expect(one.getByText(brl(123_456))).toBeDefined();
    expect(one.getByText('Pessoa2')).toBeDefined();
    expect(one.getByText(formatDateTime(paid.timestampSorteio))).toBeDefined();
    expect(one.getByText('12')).toBeDefined();
    const hash = one.getByText(HASH_B.slice(0, 16));
    expect(hash.getAttribute('title')).toBe(HASH_B);
    expect(one.getByText('Pago')).toBeDefined();
    const verify = one.getByRole('link', { name: /^Verificar/ });
    expect(verify.getAttribute('href')).toBe(`/sorteios/${paid.id}`);
    expect(verify.textContent).toContain('sala VIP Ultra');

    expect(within(second!).getByText('Pendente')).toBeDefined();
    expect(
      within(second!)
        .getByRole('link', { name: /^Verificar/ })
        .getAttribute('href'),
    ).toBe(`/sorteios/${pending.id}`);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("loads the next page with the cursor on 'Carregar mais'", async () => {
    const pages = [
      { items: [makeDraw(3), makeDraw(2)], nextCursor: makeDraw(2).timestampSorteio },
      { items: [makeDraw(1)], nextCursor: null },
    ];
    let call = 0;
    const fetchMock = mockApi({
      ...anonymous,
      'GET /api/draws': () => ({ body: pages[call++] }),
    });
    renderRoutes(routes, '/sorteios');

    expect(await screen.findByText(lucky('O0000003'))).toBeDefined();
    expect(screen.queryByText(lucky('O0000001'))).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText(lucky('O0000001'))).toBeDefined();
    expect(screen.getAllByRole('link', { name: /^Verificar/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();

    const urls = fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'))
      .filter((url) => url.pathname === '/api/draws');
    expect(urls.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { limit: '20' },
      { limit: '20', cursor: '2025-03-02T15:30:00.000Z' },
    ]);
  });

  it('says when no draw happened yet', async () => {
    mockApi({ ...anonymous, 'GET /api/draws': { body: { items: [], nextCursor: null } } });
    renderRoutes(routes, '/sorteios');
    expect(await screen.findByText('Nenhum sorteio realizado ainda.')).toBeDefined();
  });

  it("shows a failed load with 'Tentar Novamente'", async () => {
    let fail = true;
    mockApi({
      ...anonymous,
      'GET /api/draws': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Falha no servidor.' } } }
          : { body: { items: [makeDraw(1)], nextCursor: null } },
    });
    renderRoutes(routes, '/sorteios');
    expect(await screen.findByText('Erro ao carregar sorteios')).toBeDefined();
    expect(screen.getByText('Falha no servidor.')).toBeDefined();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar Novamente' }));
    expect(await screen.findByText(lucky('O0000001'))).toBeDefined();
  });
});
