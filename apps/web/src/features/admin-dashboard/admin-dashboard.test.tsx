import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@/test/admin-fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AdminDashboardTab from '.';

function dashboardCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([input]) => input === '/api/admin/dashboard').length;
}

describe('admin dashboard tab', () => {
  it('shows the seven metric cards, alerts, activity, performance and the access card', async () => {
    mockApi(dashboardRoutes);
    renderWithProviders(<AdminDashboardTab />);
    const metrics = await screen.findByRole('region', { name: 'Métricas' });
    expect(
      within(metrics).getAllByText(/./, { selector: '[data-slot="card-title"]' }),
    ).toHaveLength(7);
    expect(within(metrics).getByText('1.234')).toBeDefined();
    expect(within(metrics).getByText('+12 nas últimas 24h')).toBeDefined();
    expect(within(metrics).getByText('87')).toBeDefined();
    expect(within(metrics).getByText('R$ 12.345,00')).toBeDefined();
    expect(screen.getByText('Pagamentos Pendentes')).toBeDefined();
    expect(screen.getByText('Nenhuma Sala Ativa')).toBeDefined();
    expect(screen.getByText('Alta')).toBeDefined();
    // Recent activity: first name, capitalised room type, amount.
    expect(await screen.findByText('Maria')).toBeDefined();
    expect(screen.getByText('VIP Ultra')).toBeDefined();
    expect(screen.getByText('R$ 50,00')).toBeDefined();
    // Performance: 37,0% conversion, R$ 27,07 ticket, today's takings from /realtime.
    expect(screen.getByText('37,0%')).toBeDefined();
    expect(screen.getByText('R$ 27,07')).toBeDefined();
    expect(await screen.findByText('R$ 150,00')).toBeDefined();
    expect(await screen.findByText('Permissões (2)')).toBeDefined();
  });

  it("'Atualizar Dados' asks the server again and says so", async () => {
    const fetchMock = mockApi(dashboardRoutes);
    renderWithProviders(<AdminDashboardTab />);
    await screen.findByRole('region', { name: 'Métricas' });
    const before = dashboardCalls(fetchMock);
    await userEvent.click(screen.getByRole('button', { name: /Atualizar Dados/ }));
    expect(await screen.findByText('Dados atualizados!')).toBeDefined();
    expect(screen.getByText('Todas as métricas foram atualizadas com dados reais.')).toBeDefined();
    const after = dashboardCalls(fetchMock);
    expect(after).toBe(before + 1);
  });

  it("a failed refresh says 'Erro ao atualizar'", async () => {
    let fail = false;
    mockApi({
      ...dashboardRoutes,
      'GET /api/admin/dashboard': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Falhou.' } } }
          : dashboardRoutes['GET /api/admin/dashboard'],
    });
    renderWithProviders(<AdminDashboardTab />);
    await screen.findByRole('region', { name: 'Métricas' });
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: /Atualizar Dados/ }));
    expect(await screen.findByText('Erro ao atualizar')).toBeDefined();
    expect(screen.getByText('Ocorreu um erro ao atualizar as métricas.')).toBeDefined();
  });

  it('a failed metrics load shows the spec text and a retry', async () => {
    mockApi({
      ...dashboardRoutes,
      'GET /api/admin/dashboard': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'x' } },
      },
    });
    renderWithProviders(<AdminDashboardTab />);
    expect(await screen.findByRole('button', { name: /Tentar Novamente/ })).toBeDefined();
    await waitFor(() =>
      expect(screen.getAllByText('Erro ao carregar métricas do sistema').length).toBeGreaterThan(0),
    );
  });
});
