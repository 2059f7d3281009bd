import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceTimers, useFakeTimersInBlock } from '@/test/fake-timers';
import { adminUser, mockApi, regularUser } from '@/test/mock-api';
import type { SessionUser } from '@sorteio/shared';
import { renderRoutes } from '@/test/render';
import { LoginScreen } from './login-screen';

type User = SessionUser;

function routesWith(element = <LoginScreen />) {
  return [
    { path: '/login', element },
    { path: '/dashboard', element: <h1>Painel do usuário</h1> },
    { path: '/admin', element: <h1>Painel do admin</h1> },
    { path: '/history', element: <h1>Histórico</h1> },
    { path: '/', element: <h1>Início</h1> },
  ];
}

/** The session starts empty and becomes `signedInAs` once sign-in (or its 2FA step) succeeds. */
function authApi(signedInAs: User, extra: Parameters<typeof mockApi>[0] = {}) {
  const state: { user: User | null; meCalls: number } = { user: null, meCalls: 0 };
  const fetchMock = mockApi({
    'GET /api/me': () => {
      state.meCalls += 1;
      return { body: { user: state.user } };
    },
    'POST /api/auth/sign-in/email': () => {
      state.user = signedInAs;
      return { body: { user: signedInAs } };
    },
    ...extra,
  });
  return { state, fetchMock };
}

function authError(status: number, reason: string | undefined, message: string) {
  return {
    status,
    body: { error: { code: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', message, reason } },
  };
}

async function fillAndSubmit(email = 'maria@example.com', password = 'segredo1') {
  const user = userEvent.setup();
  const emailInput = await screen.findByLabelText('E-mail');
  await user.clear(emailInput);
  await user.type(emailInput, email);
  await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

describe('LoginScreen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('shows a spinner while the session loads, then the form with its links', async () => {
    authApi(regularUser);
    renderRoutes(routesWith(), '/login');
    expect(screen.getByRole('status').textContent).toContain('Carregando');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/');
    expect(screen.getByText(/Confirme seu e-mail pelo link/)).toBeDefined();
  });

  it('sends staff already signed in to /admin', async () => {
    mockApi({
      'GET /api/me': {
        body: { user: { ...adminUser, role: 'support', isAdmin: false, isStaff: true } },
      },
    });
    const { router } = renderRoutes(routesWith(), '/login');
    expect(await screen.findByRole('heading', { name: 'Painel do admin' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends someone already signed in to /dashboard', async () => {
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    const { router } = renderRoutes(routesWith(), '/login');
    expect(await screen.findByRole('heading', { name: 'Painel do usuário' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the confirmation and expired-link notices from the URL', async () => {
    authApi(regularUser);
    renderRoutes(routesWith(), '/login?verified=1');
    expect(await screen.findByText('E-mail confirmado! Agora faça login.')).toBeDefined();
  });

  it('explains an expired confirmation link', async () => {
    authApi(regularUser);
    // The auth library adds ?error= to the callback URL, which already has ?verified=1.
    renderRoutes(routesWith(), '/login?verified=1&error=TOKEN_EXPIRED');
    expect(
      await screen.findByText(
        'O link de confirmação é inválido ou expirou. Faça login para receber outro.',
      ),
    ).toBeDefined();
    expect(screen.queryByText('E-mail confirmado! Agora faça login.')).toBeNull();
  });

  it.each([
    [
      'INVALID_EMAIL_OR_PASSWORD',
      authError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
      'E-mail ou senha incorretos. Verifique suas credenciais.',
    ],
    [
      'EMAIL_NOT_VERIFIED',
      authError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'),
      'Você precisa confirmar seu e-mail antes de fazer login. Verifique sua caixa de entrada.',
    ],
    [
      'ACCOUNT_SUSPENDED',
      authError(403, 'ACCOUNT_SUSPENDED', 'Sua conta está suspensa. Fale com o suporte.'),
      'Sua conta está suspensa. Fale com o suporte.',
    ],
    [
      'a rate limit',
      {
        status: 429,
        body: {
          error: {
            code: 'RATE_LIMITED',
            message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
          },
        },
      },
      'Muitas tentativas. Aguarde um pouco e tente novamente.',
    ],
  ])('maps %s to its message', async (_name, reply, message) => {
    const { state } = authApi(regularUser, { 'POST /api/auth/sign-in/email': reply });
    const { router } = renderRoutes(routesWith(), '/login');
    await fillAndSubmit();
    expect(await screen.findByText(message)).toBeDefined();
    expect(screen.getByText('Erro ao fazer login')).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(state.user).toBeNull();
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveProperty('disabled', false);
  });

  it('offers to resend the confirmation e-mail to an unconfirmed account', async () => {
    const resend = vi.fn(() => ({ body: { status: true } }));
    const { fetchMock } = authApi(regularUser, {
      'POST /api/auth/sign-in/email': authError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'),
      'POST /api/auth/send-verification-email': resend,
    });
    renderRoutes(routesWith(), '/login');
    const user = await fillAndSubmit('nova@example.com');
    await user.click(await screen.findByRole('button', { name: 'Reenviar e-mail de confirmação' }));
    expect(await screen.findByText('E-mail reenviado!')).toBeDefined();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/send-verification-email');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      email: 'nova@example.com',
      callbackURL: '/login?verified=1',
    });
  });

  it('signs a user in, remembers the e-mail and goes to /dashboard', async () => {
    const { fetchMock } = authApi(regularUser);
    const { router } = renderRoutes(routesWith(), '/login');
    await fillAndSubmit('Maria@Example.com');
    expect(await screen.findByRole('heading', { name: 'Painel do usuário' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Login realizado com sucesso!')).toBeDefined();
    expect(screen.getByText('Redirecionando...')).toBeDefined();
    expect(localStorage.getItem('sorteio:last-email')).toBe('maria@example.com');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/sign-in/email');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      email: 'maria@example.com',
      password: 'segredo1',
    });
  });

  it('returns to the page a guard sent the visitor from', async () => {
    authApi(regularUser);
    const { router } = renderRoutes(routesWith(<LoginScreen redirectTo="/history" />), '/login');
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Histórico' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/history');
  });

  it("keeps the invited room in 'Criar conta', in a new confirmation link and in the sign-in", async () => {
    const target = '/private-room-invite/abcDEF123456';
    const { fetchMock } = authApi(regularUser, {
      'POST /api/auth/sign-in/email': authError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'),
      'POST /api/auth/send-verification-email': { body: { status: true } },
    });
    renderRoutes(routesWith(<LoginScreen redirectTo={target} />), '/login');
    expect((await screen.findByRole('link', { name: 'Criar conta' })).getAttribute('href')).toBe(
      '/register?invite_code=abcDEF123456&redirect=%2Fprivate-room-invite%2FabcDEF123456',
    );
    expect(
      screen.getByText('Depois de entrar, você volta direto para a sala privada.'),
    ).toBeDefined();
    const user = await fillAndSubmit('nova@example.com');
    await user.click(await screen.findByRole('button', { name: 'Reenviar e-mail de confirmação' }));
    await screen.findByText('E-mail reenviado!');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/send-verification-email');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      email: 'nova@example.com',
      callbackURL: '/login?verified=1&redirect=%2Fprivate-room-invite%2FabcDEF123456',
    });
  });

  it.each(['https://evil.example/dashboard', '//evil.example/dashboard', '/\\evil.example'])(
    'ignores the return target %s and goes to /dashboard',
    async (target) => {
      authApi(regularUser);
      const { router } = renderRoutes(routesWith(<LoginScreen redirectTo={target} />), '/login');
      expect((await screen.findByRole('link', { name: 'Criar conta' })).getAttribute('href')).toBe(
        '/register',
      );
      await fillAndSubmit();
      expect(await screen.findByRole('heading', { name: 'Painel do usuário' })).toBeDefined();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('prefills the last e-mail used', async () => {
    localStorage.setItem('sorteio:last-email', 'ultimo@example.com');
    authApi(regularUser);
    renderRoutes(routesWith(), '/login');
    expect(await screen.findByLabelText('E-mail')).toHaveProperty('value', 'ultimo@example.com');
  });

  describe('with 2FA', () => {
    function twoFactorApi(extra: Parameters<typeof mockApi>[0]) {
      const api = authApi(regularUser, {
        'POST /api/auth/sign-in/email': { body: { twoFactorRedirect: true } },
        ...extra,
      });
      return api;
    }

    it('asks for the app code, refuses a wrong one and signs in with the right one', async () => {
      let accept = false;
      const verify = vi.fn(() => {
        if (!accept) {
          return {
            status: 401,
            body: {
              error: { code: 'UNAUTHENTICATED', message: 'Invalid code', reason: 'INVALID_CODE' },
            },
          };
        }
        api.state.user = regularUser;
        return { body: { token: 't', user: regularUser } };
      });
      const api = twoFactorApi({ 'POST /api/auth/two-factor/verify-totp': verify });
      const { router } = renderRoutes(routesWith(), '/login');
      const user = await fillAndSubmit();

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Verificação em duas etapas' }),
      ).toBeDefined();
      const code = screen.getByLabelText('Código do aplicativo autenticador');
      await user.type(code, '12345');
      await user.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText('O código tem 6 dígitos.')).toBeDefined();
      expect(verify).not.toHaveBeenCalled();

      await user.type(code, '6');
      await user.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText('Código inválido')).toBeDefined();
      expect(screen.getByText('O código informado está incorreto ou expirou.')).toBeDefined();

      accept = true;
      await user.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByRole('heading', { name: 'Painel do usuário' })).toBeDefined();
      expect(router.state.location.pathname).toBe('/dashboard');
    });

    it('switches to a backup code', async () => {
      const backup = vi.fn(({ body }: { body: unknown }) => {
        void body;
        api.state.user = regularUser;
        return { body: { token: 't', user: regularUser } };
      });
      const api = twoFactorApi({ 'POST /api/auth/two-factor/verify-backup-code': backup });
      renderRoutes(routesWith(), '/login');
      const user = await fillAndSubmit();
      await user.click(await screen.findByRole('button', { name: 'Usar código de backup' }));
      await user.type(screen.getByLabelText('Código de backup'), 'abc123');
      await user.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByRole('heading', { name: 'Painel do usuário' })).toBeDefined();
      expect(backup.mock.calls[0]?.[0].body).toEqual({ code: 'ABC123' });
    });
  });

  describe('an administrator', () => {
    useFakeTimersInBlock();
    const advance = advanceTimers;

    it('goes to /admin after 0.5 s', async () => {
      const { state } = authApi(adminUser);
      const { router } = renderRoutes(routesWith(), '/login');
      for (let i = 0; i < 50 && !screen.queryByLabelText('E-mail'); i += 1) await advance(1);
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'dono@example.com' } });
      fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

      // Until the session is read again after the sign-in.
      for (let i = 0; i < 200 && state.meCalls < 2; i += 1) await advance(1);
      expect(state.meCalls).toBe(2);
      await advance(0);
      expect(screen.getByText('Login realizado com sucesso!')).toBeDefined();

      await advance(450);
      expect(router.state.location.pathname).toBe('/login');
      await advance(100);
      expect(router.state.location.pathname).toBe('/admin');
      expect(screen.getByRole('heading', { name: 'Painel do admin' })).toBeDefined();
    });

    it.each(['manager', 'support', 'attendant', 'partner'] as const)(
      'sends a %s to /admin too, never to the player dashboard',
      async (role) => {
        const { state } = authApi({ ...adminUser, role, isAdmin: false, isStaff: true });
        const { router } = renderRoutes(routesWith(), '/login');
        for (let i = 0; i < 50 && !screen.queryByLabelText('E-mail'); i += 1) await advance(1);
        fireEvent.change(screen.getByLabelText('E-mail'), {
          target: { value: 'equipe@example.com' },
        });
        fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo1' } });
        fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
        for (let i = 0; i < 200 && state.meCalls < 2; i += 1) await advance(1);
        await advance(600);
        expect(router.state.location.pathname).toBe('/admin');
        expect(screen.getByRole('heading', { name: 'Painel do admin' })).toBeDefined();
      },
    );

    it('leaves the view-as-user mode on a new sign-in', async () => {
      sessionStorage.setItem('viewingAsUser', 'true');
      const { state } = authApi(adminUser);
      renderRoutes(routesWith(), '/login');
      for (let i = 0; i < 50 && !screen.queryByLabelText('E-mail'); i += 1) await advance(1);
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'dono@example.com' } });
      fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
      for (let i = 0; i < 200 && state.meCalls < 2; i += 1) await advance(1);
      expect(sessionStorage.getItem('viewingAsUser')).toBeNull();
    });
  });
});
