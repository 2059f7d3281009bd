import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brl, makeStats } from '@/test/fixtures';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import StatsPage from './stats';

const routes = [{ path: '/stats', element: <StatsPage /> }];

function statsApi(body = makeStats()) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/stats': { body },
  });
}

describe('statistics', () => {
  it('has the title, the back button and an empty state', async () => {
    statsApi();
    renderRoutes(routes, '/stats');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Minhas Estatísticas' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar ao Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await screen.findByText('Ainda não há estatísticas')).toBeDefined();
  });

  it('shows the summary cards and the charts with their data tables', async () => {
    statsApi(
      makeStats({
        totalParticipacoes: 8,
        vitorias: 2,
        taxaVitoria: 0.25,
        investidoTotal: 8000,
        totalGanho: 16_000,
        lucroPrejuizo: 8000,
        porMes: [
          { mes: '2025-01', investido: 5000, ganho: 0 },
          { mes: '2025-02', investido: 3000, ganho: 16_000 },
        ],
        porTipo: [
          { tipoSala: 'ouro', participacoes: 5, vitorias: 1 },
          { tipoSala: 'vip_ultra', participacoes: 3, vitorias: 1 },
        ],
      }),
    );
    renderRoutes(routes, '/stats');
    const cards = await screen.findByRole('region', { name: 'Resumo' });
    expect(await within(cards).findByText('8')).toBeDefined();
    expect(within(cards).getByText('25,0%')).toBeDefined();
    expect(within(cards).getByText(brl(16_000))).toBeDefined();
    expect(within(cards).getAllByText(brl(8000))[1]!.className).toContain('text-success');

    const monthly = await screen.findByRole('region', { name: 'Investido e ganho por mês' });
    const table = within(monthly).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'fev/25' })).toBeDefined();
    expect(within(table).getByText(brl(16_000))).toBeDefined();
    const types = screen.getByRole('region', { name: 'Participações por tipo de sala' });
    expect(within(types).getByRole('rowheader', { name: 'VIP Ultra' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Taxa de vitória' })).toBeDefined();
  });

  it('counts one win and one entry in the singular', async () => {
    statsApi(makeStats({ totalParticipacoes: 1, vitorias: 1, taxaVitoria: 1 }));
    renderRoutes(routes, '/stats');
    const chart = await screen.findByRole('region', { name: 'Taxa de vitória' });
    expect(chart.textContent).toContain('1 vitória em 1 participação:');
    expect(chart.textContent).not.toContain('vitórias');
  });

  it("shows an error with 'Tentar Novamente'", async () => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/stats': { status: 500, body: undefined },
    });
    renderRoutes(routes, '/stats');
    expect(await screen.findByText('Erro ao carregar estatísticas')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Tentar Novamente' })).toBeDefined();
  });
});
