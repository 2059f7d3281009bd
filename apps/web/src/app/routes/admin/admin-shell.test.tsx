import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { SIDEBAR_COOKIE_MAX_AGE_S } from '@/components/ui/sidebar';
import { dashboardRoutes } from '@/test/admin-fixtures';
import { adminUser, mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { isViewingAsUser, setViewingAsUser } from '@/lib/view-mode';

const staff = (role: 'manager' | 'support' | 'partner') => ({
  'GET /api/me': {
    body: { user: { ...adminUser, id: `u-${role}`, role, isAdmin: false, isStaff: true } },
  },
});
/** The first screen waits for lazily loaded route modules: generous on a busy machine. */
const slow = { timeout: 5000 };
const asAdmin = { 'GET /api/me': { body: { user: adminUser } } };

function sidebar() {
  return screen.getByRole('navigation', { name: 'Menu administrativo' });
}

/** jsdom has no matchMedia; a phone-wide screen answers true for max-width: 767px. */
function setViewport(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: mobile && query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  document.cookie = 'sidebar_state=; max-age=0; path=/';
  setViewingAsUser(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('administrator shell', { timeout: 20_000 }, () => {
  it('shows the header, every sidebar entry and the pending-prize badge to an administrator', async () => {
    mockApi({ ...asAdmin, ...dashboardRoutes });
    renderRoutes(routes, '/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gerenciamento da Plataforma' }, slow),
    ).toBeDefined();
    const nav = sidebar();
    for (const label of [
      'Visão Geral',
      'Analytics',
      'Conexões & APIs',
      'Gerenciar Usuários',
      'Adicionar Usuário',
      'Adicionar Funcionário',
      'Sessões da equipe',
      'Salas',
      'Remarketing',
      'Financeiro',
      'Certificados',
      'Configurações',
      'Suporte',
      'Auditoria',
      'Sair do Admin',
    ])
      expect(within(nav).getByText(label)).toBeDefined();
    expect(
      within(nav)
        .getByRole('link', { name: /Analytics/ })
        .getAttribute('href'),
    ).toBe('/admin?tab=analytics');
    expect(
      within(nav)
        .getByRole('link', { name: /Adicionar Usuário/ })
        .getAttribute('href'),
    ).toBe('/admin/add-user');
    expect(await within(nav).findByLabelText('2 prêmios aguardando pagamento')).toBeDefined();
    expect(
      within(nav)
        .getByRole('link', { name: /Visão Geral/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    // The dashboard tab is the default.
    expect(await screen.findByRole('heading', { name: 'Visão Geral' }, slow)).toBeDefined();
    expect(screen.getByRole('button', { name: /Diagnóstico/ })).toBeDefined();
    expect(screen.getByRole('button', { name: /Ver como Usuário/ })).toBeDefined();
  });

  it('opens a tab from its deep link', async () => {
    mockApi({ ...asAdmin, ...dashboardRoutes });
    renderRoutes(routes, '/admin?tab=financial');
    const tabs = await screen.findByRole('navigation', { name: 'Abas do painel' }, slow);
    expect(
      within(tabs).getByRole('link', { name: 'Financeiro' }).getAttribute('aria-current'),
    ).toBe('page');
    // The financial tab itself, not a placeholder, is what opens.
    expect(
      await screen.findByRole('heading', { name: 'Pagamentos pendentes' }, slow),
    ).toBeDefined();
  });

  it('Ctrl+B collapses the sidebar to icons and keeps the choice in a 7-day cookie', async () => {
    mockApi({ ...asAdmin, ...dashboardRoutes });
    const cookieSpy = vi.spyOn(document, 'cookie', 'set');
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'Gerenciamento da Plataforma' }, slow);
    expect(sidebar().getAttribute('data-state')).toBe('expanded');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar().getAttribute('data-state')).toBe('collapsed');
    // Collapsed, pending prizes show as a red dot on the icon.
    await waitFor(() =>
      expect(sidebar().querySelector('[data-slot="sidebar-badge-dot"]')).not.toBeNull(),
    );
    expect(cookieSpy).toHaveBeenCalledWith(
      `sidebar_state=false; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`,
    );
    expect(SIDEBAR_COOKIE_MAX_AGE_S).toBe(7 * 24 * 60 * 60);
    // Collapsed, the label stays the accessible name.
    expect(within(sidebar()).getByRole('link', { name: /Analytics/ })).toBeDefined();
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar().getAttribute('data-state')).toBe('expanded');
    cookieSpy.mockRestore();
  });

  it('remembers a collapsed sidebar from the cookie', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    const fetchMock = mockApi({
      ...asAdmin,
      ...dashboardRoutes,
      'GET /api/admin/pending-prizes': { body: { count: 0, amount: 0 } },
    });
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'Gerenciamento da Plataforma' }, slow);
    expect(sidebar().getAttribute('data-state')).toBe('collapsed');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => input === '/api/admin/pending-prizes')).toBe(
        true,
      ),
    );
    await act(async () => undefined);
    // No pending prizes: no dot.
    expect(sidebar().querySelector('[data-slot="sidebar-badge-dot"]')).toBeNull();
  });

  it('below 768 px the sidebar is a drawer opened by the menu button', async () => {
    setViewport(true);
    mockApi({ ...asAdmin, ...dashboardRoutes });
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'Gerenciamento da Plataforma' }, slow);
    expect(screen.queryByRole('navigation', { name: 'Menu administrativo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu administrativo' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: /Gerenciar Usuários/ })).toBeDefined();
    await userEvent.click(within(drawer).getByRole('link', { name: /Salas/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Ver como Usuário' sets the session flag and opens the player dashboard", async () => {
    mockApi({ ...asAdmin, ...dashboardRoutes });
    const { router } = renderRoutes(routes, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: /Ver como Usuário/ }, slow));
    expect(isViewingAsUser()).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  // 'Sair do Admin' goes to /dashboard with the view-as-user flag on: without it the dashboard
  // sends an administrator straight back to /admin (docs/decisions/015-spec-differences.md).
  it.each(['header', 'sidebar'] as const)(
    "'Sair do Admin' (%s) opens the player dashboard and stays there",
    async (where) => {
      mockApi({ ...asAdmin, ...dashboardRoutes });
      const { router } = renderRoutes(routes, '/admin');
      const header = await screen.findByRole(
        'banner',
        { name: 'Gerenciamento da Plataforma' },
        slow,
      );
      const scope = where === 'header' ? within(header) : within(sidebar());
      await userEvent.click(scope.getByRole('button', { name: 'Sair do Admin' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, slow),
      ).toBeDefined();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(isViewingAsUser()).toBe(true);
      expect(screen.getByText('Visualizando como Usuário')).toBeDefined();
    },
  );

  it('support sees only its tabs and opens on the first one', async () => {
    mockApi({ ...staff('support'), ...dashboardRoutes });
    renderRoutes(routes, '/admin');
    const tabs = await screen.findByRole('navigation', { name: 'Abas do painel' }, slow);
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Usuários', 'Suporte']);
    const nav = sidebar();
    expect(within(nav).queryByText('Visão Geral')).toBeNull();
    expect(within(nav).queryByText('Financeiro')).toBeNull();
    expect(within(nav).queryByText('Adicionar Usuário')).toBeNull();
    expect(
      within(nav)
        .getByRole('link', { name: /Gerenciar Usuários/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.queryByRole('button', { name: /Diagnóstico/ })).toBeNull();
  });

  it('a deep link to a tab the role lacks is refused', async () => {
    mockApi({ ...staff('manager'), ...dashboardRoutes });
    renderRoutes(routes, '/admin?tab=audit');
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' }, slow)).toBeDefined();
  });

  it('a manager may add users but not employees', async () => {
    mockApi({ ...staff('manager'), ...dashboardRoutes });
    renderRoutes(routes, '/admin/add-employee');
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' }, slow)).toBeDefined();
    expect(within(sidebar()).getByText('Adicionar Usuário')).toBeDefined();
    expect(within(sidebar()).queryByText('Adicionar Funcionário')).toBeNull();
  });

  it("a player gets 'Acesso Negado'", async () => {
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' }, slow)).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Menu administrativo' })).toBeNull();
  });

  it("'Diagnóstico' runs the self-test and shows each result with its time", async () => {
    mockApi({
      ...asAdmin,
      ...dashboardRoutes,
      'POST /api/admin/diagnostics': {
        body: {
          ok: false,
          checks: [
            { name: 'Autenticação', ok: true, detail: 'sessão válida', ms: 1 },
            { name: 'Banco de dados', ok: true, detail: 'ida e volta em 0.4 ms', ms: 2 },
            { name: 'Provedor PIX', ok: false, detail: 'PIX não configurado', ms: 0 },
          ],
          userCount: 42,
          roomCount: 7,
          at: '2026-11-23T12:00:00.000Z',
        },
      },
    });
    renderRoutes(routes, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: /Diagnóstico/ }, slow));
    const dialog = await screen.findByRole('dialog');
    const results = await within(dialog).findByRole('list', { name: 'Resultados' });
    expect(within(results).getByText('Autenticação: OK')).toBeDefined();
    expect(within(results).getByText('Provedor PIX: Falhou')).toBeDefined();
    expect(within(results).getByText('2 ms')).toBeDefined();
    expect(within(dialog).getByText('42')).toBeDefined();
    expect(within(dialog).getByText('Há falhas')).toBeDefined();
    await act(async () => undefined);
  });
});
