import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { adminUser, type MockReply, mockApi, regularUser } from '@/test/mock-api';
import { RequireAdmin, SETTINGS_DENIED } from './require-admin';
import { RequireAuth } from './require-auth';

const accessCheck = { is_admin: true, is_authenticated: true, admin_record_exists: true };

const routes = [
  { path: '/login', element: <h1>Página de login</h1> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
  {
    element: <RequireAuth />,
    children: [{ path: '/history', element: <h1>Histórico privado</h1> }],
  },
  {
    element: <RequireAdmin />,
    children: [{ path: '/admin', element: <h1>Painel</h1> }],
  },
  {
    element: <RequireAdmin deniedMessage={SETTINGS_DENIED} />,
    children: [{ path: '/gerencianet-config', element: <h1>Configuração PIX</h1> }],
  },
];

describe('RequireAuth', () => {
  it('redirects to /login when signed out, keeping where the visitor wanted to go', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    const { router } = renderRoutes(routes, '/history?pagina=2');
    expect(await screen.findByRole('heading', { name: 'Página de login' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/history', search: '?pagina=2', hash: '' },
    });
  });

  it('shows a spinner while the session loads, then the screen', async () => {
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    renderRoutes(routes, '/history');
    expect(screen.getByRole('status')).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Histórico privado' })).toBeDefined();
  });
});

describe('RequireAdmin', () => {
  it("shows 'Acesso Negado' to a signed-in user who is not an administrator", async () => {
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acesso Negado' })).toBeDefined();
    expect(
      screen.getByText('Você não tem permissão para acessar o painel administrativo.'),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: /Voltar ao Dashboard/ }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByRole('heading', { name: 'Painel' })).toBeNull();
  });

  it('uses the settings text on the PIX configuration screen', async () => {
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    renderRoutes(routes, '/gerencianet-config');
    expect(
      await screen.findByText('Você não tem permissão para acessar as configurações.'),
    ).toBeDefined();
  });

  it('redirects to /login when signed out', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Página de login' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets an administrator in', async () => {
    mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeDefined();
  });
});

describe('RequireAdmin: the server admin check and mandatory two-factor sign-in', () => {
  const profileRoute = { path: '/profile', element: <h1>Perfil</h1> };

  it('shows the loading screen until the server answers the admin check', async () => {
    let answer: (value: MockReply) => void = () => undefined;
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin-access': () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Verificando acesso...')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Painel' })).toBeNull();
    answer({ body: { ...accessCheck, two_factor_required: false } });
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeDefined();
  });

  it('sends staff without two-factor sign-in to set it up when the setting requires it', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin-access': { body: { ...accessCheck, two_factor_required: true } },
    });
    const { router } = renderRoutes([...routes, profileRoute], '/admin');
    expect(await screen.findByRole('heading', { name: 'Perfil' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.search).toBe('?tab=seguranca&next=%2Fadmin');
    expect(
      await screen.findByText(
        'A verificação em duas etapas é obrigatória para a equipe. Ative-a no seu perfil para acessar o painel.',
      ),
    ).toBeDefined();
  });
});
