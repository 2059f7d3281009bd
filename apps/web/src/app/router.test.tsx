import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { routes } from './router';

const signedOut = { 'GET /api/me': { body: { user: null } } };
const asUser = { 'GET /api/me': { body: { user: regularUser } } };
const asAdmin = { 'GET /api/me': { body: { user: adminUser } } };
const stats = {
  'GET /api/public/stats': { body: { users: 1, openRooms: 0, draws: 0, prizesPaidCentavos: 0 } },
};

async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 15000 });
}

describe('route table', () => {
  it.each([
    ['/login', 'Entrar'],
    ['/register', 'Criar conta'],
    ['/verify-email', 'Verifique seu e-mail'],
    ['/forgot-password', 'Recuperar senha'],
    ['/reset-password', 'Redefinir senha'],
    ['/support', 'Central de Suporte'],
    // No API in this test: the screens answer with their not-found states.
    ['/private-room?code=ABCD1234', 'Sala não encontrada'],
    ['/sorteios', 'Sorteios verificáveis'],
    ['/ganhadores', 'Ganhadores'],
    ['/sorteios/0b4c7e3e-0000-4000-8000-000000000000', 'Verificação do sorteio'],
    ['/privacy', 'Política de Privacidade'],
    ['/tutorial', 'Como Usar a Plataforma'],
    ['/termos', 'Termos de Uso'],
    ['/regulamento', 'Regulamento dos Sorteios'],
    ['/private-room-invite/XYZ', 'Convite inválido ou sala não encontrada.'],
  ])('%s is public', async (path, title) => {
    mockApi(signedOut);
    renderRoutes(routes, path);
    expect(await heading(title)).toBeDefined();
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/participate', 'Participar'],
    ['/payment?participacao_id=0b4c7e3e-2222-4000-8000-000000000001&valor=10.00', 'Pagamento PIX'],
    ['/history', 'Histórico'],
    ['/stats', 'Minhas Estatísticas'],
    ['/profile', 'Meu Perfil'],
    ['/cashback', 'Seu Cashback'],
    ['/private-rooms', 'Minhas salas privadas'],
    ['/private-room/abc', 'Sala não encontrada.'],
  ])('%s needs a session', async (path, title) => {
    mockApi(asUser);
    renderRoutes(routes, path);
    expect(await heading(title)).toBeDefined();
  });

  it.each(['/dashboard', '/history', '/admin'])(
    '%s sends signed-out visitors to /login',
    async (path) => {
      mockApi(signedOut);
      const { router } = renderRoutes(routes, path);
      expect(await heading('Entrar')).toBeDefined();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each([
    ['/admin', 'Gerenciamento da Plataforma'],
    ['/admin/add-user', 'Adicionar Usuário'],
    ['/admin/add-employee', 'Adicionar Funcionário'],
    ['/gerencianet-config', 'Configuração PIX'],
    ['/api-services', 'Serviços de API'],
    ['/remarketing', 'Remarketing'],
  ])('%s opens for administrators', async (path, title) => {
    mockApi(asAdmin);
    renderRoutes(routes, path);
    expect(await heading(title)).toBeDefined();
  });

  it.each([
    ['/admin', 'Você não tem permissão para acessar o painel administrativo.'],
    ['/api-services', 'Você não tem permissão para acessar o painel administrativo.'],
    ['/gerencianet-config', 'Você não tem permissão para acessar as configurações.'],
  ])('%s refuses other users', async (path, text) => {
    mockApi(asUser);
    renderRoutes(routes, path);
    expect(await heading('Acesso Negado')).toBeDefined();
    expect(screen.getByText(text)).toBeDefined();
  });

  it('answers unknown addresses with the 404 screen', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/nao-existe/mesmo');
    expect(await heading('Página não encontrada')).toBeDefined();
  });

  it('has no test routes outside VITE_TEST_ROUTES builds', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/__test/throw');
    expect(await heading('Página não encontrada')).toBeDefined();
  });
});

describe('layout', () => {
  it('has the skip link and the landmarks', async () => {
    mockApi({ ...signedOut, ...stats });
    renderRoutes(routes, '/');
    await screen.findByRole('link', { name: 'Começar Agora' });
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(skip.getAttribute('href')).toBe('#conteudo');
    expect(screen.getByRole('banner')).toBeDefined();
    expect(screen.getByRole('main').id).toBe('conteudo');
    expect(screen.getByRole('contentinfo')).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows anonymous visitors Privacidade, Tutorial, Ganhadores, Entrar and Criar conta', async () => {
    mockApi({ ...signedOut, ...stats });
    renderRoutes(routes, '/');
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Privacidade', 'Tutorial', 'Ganhadores']);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(within(header).getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('shows signed-in users the app links', async () => {
    mockApi({ ...asUser, ...stats });
    renderRoutes(routes, '/');
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Participar', '/participate'],
      ['Salas Privadas', '/private-rooms'],
      ['Histórico', '/history'],
      ['Estatísticas', '/stats'],
      ['Privacidade', '/privacy'],
    ]);
  });

  it('footer links to tutorial, terms, rules, privacy, support, responsible play, the verifiable draws and the winners', async () => {
    mockApi({ ...signedOut, ...stats });
    renderRoutes(routes, '/');
    const footer = await screen.findByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/tutorial',
      '/termos',
      '/regulamento',
      '/privacy',
      '/support',
      '/jogo-responsavel',
      '/sorteios',
      '/ganhadores',
    ]);
    expect(within(footer).getByText(/Sorteios verificáveis/)).toBeDefined();
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
  });

  it('user menu: name, Usuário Premium, the account pages and Sair', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...asUser,
      ...stats,
      'POST /api/auth/sign-out': { body: { success: true } },
    });
    const { router } = renderRoutes(routes, '/dashboard');
    await heading('Dashboard');
    await user.click(await screen.findByRole('button', { name: 'Menu da conta: maria' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Usuário Premium')).toBeDefined();
    expect(within(menu).queryByText('Painel Admin')).toBeNull();
    const hrefs = Object.fromEntries(
      ['Saldo', 'Suporte', 'Jogo Responsável', 'Perfil'].map((name) => [
        name,
        within(menu).getByRole('menuitem', { name }).getAttribute('href'),
      ]),
    );
    expect(hrefs).toEqual({
      Saldo: '/cashback',
      Suporte: '/support',
      'Jogo Responsável': '/jogo-responsavel',
      Perfil: '/profile',
    });

    await user.click(within(menu).getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => {
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-out')).toBe(true);
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(await screen.findByRole('link', { name: 'Começar Agora' })).toBeDefined();
  });

  it('user menu: administrators get the Admin badge and Painel Admin', async () => {
    const user = userEvent.setup();
    mockApi({ ...asAdmin, ...stats });
    renderRoutes(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Menu da conta: dono' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Admin')).toBeDefined();
    expect(within(menu).getByRole('menuitem', { name: 'Painel Admin' }).getAttribute('href')).toBe(
      '/admin',
    );
  });

  it("the 'Abrir menu' button opens the slide-in menu with the links", async () => {
    const user = userEvent.setup();
    mockApi({ ...asUser, ...stats });
    renderRoutes(routes, '/');
    await screen.findByRole('navigation', { name: 'Principal' });
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const dialog = await screen.findByRole('dialog');
    const nav = within(dialog).getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getAllByRole('link')).toHaveLength(10);
    for (const [name, href] of [
      ['Saldo', '/cashback'],
      ['Suporte', '/support'],
      ['Jogo Responsável', '/jogo-responsavel'],
      ['Perfil', '/profile'],
    ])
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    await user.click(within(nav).getByRole('link', { name: 'Histórico' }));
    await heading('Histórico');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
