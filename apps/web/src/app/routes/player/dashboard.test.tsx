import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser, mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import AdminPage from '../admin/admin';
import AdminLayout from '../admin/admin-layout';
import DashboardPage from './dashboard';

const routes = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <AdminPage /> }] },
];

describe('dashboard and the view-as-user mode', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('sends an administrator to /admin', async () => {
    mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    const { router } = renderRoutes(routes, '/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gerenciamento da Plataforma' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it.each(['manager', 'support', 'attendant', 'partner'] as const)(
    'sends a %s to /admin as well, away from the player onboarding',
    async (role) => {
      mockApi({
        'GET /api/me': { body: { user: { ...adminUser, role, isAdmin: false, isStaff: true } } },
      });
      const { router } = renderRoutes(routes, '/dashboard');
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
      expect(screen.queryByText('Primeiros passos')).toBeNull();
    },
  );

  it('shows a regular user the dashboard without the banner', async () => {
    sessionStorage.setItem('viewingAsUser', 'true');
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    expect(screen.queryByText('Visualizando como Usuário')).toBeNull();
  });

  it('lets an administrator view as user, and go back to the admin panel', async () => {
    mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    const { router } = renderRoutes(routes, '/admin');
    const user = userEvent.setup();
    expect(await screen.findByText('Gerenciamento da Plataforma')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Ver como Usuário' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStorage.getItem('viewingAsUser')).toBe('true');
    expect(screen.getByText('Visualizando como Usuário')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Voltar ao Admin' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gerenciamento da Plataforma' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin');
    expect(sessionStorage.getItem('viewingAsUser')).toBeNull();
  });

  it("opens the dashboard with 'Sair do Admin'", async () => {
    mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    const { router } = renderRoutes(routes, '/admin');
    const user = userEvent.setup();
    const header = await screen.findByRole('banner', { name: 'Gerenciamento da Plataforma' });
    await user.click(within(header).getByRole('button', { name: 'Sair do Admin' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('has one heading of level 1 on the admin panel', async () => {
    mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    renderRoutes(routes, '/admin');
    await screen.findByText('Gerenciamento da Plataforma');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
