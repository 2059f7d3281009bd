import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireAuth } from '@/app/guards/require-auth';
import { mockApi, regularUser } from '@/test/mock-api';
import { INVITE_CODE, makeInvite } from '@/test/private-room-fixtures';
import { renderRoutes } from '@/test/render';
import PrivateRoomInvitePage from './private-room-invite';
import LoginPage from './login';
import RegisterPage from './register';
import VerifyEmailPage from './verify-email';

const ACCEPT_LEGAL = 'Li e aceito os Termos de Uso e o Regulamento dos Sorteios';
/**
 * A friend without an account opens an invitation: the room -> 'Criar conta e entrar' -> sign-up
 * -> the confirmation e-mail's link -> sign-in -> back in the invited room.
 */
const INVITE_PATH = `/private-room-invite/${INVITE_CODE}`;
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/dashboard', element: <h1>Painel do usuário</h1> },
  // Public: the visitor sees the room first (decision 015).
  { path: '/private-room-invite/:inviteCode', element: <PrivateRoomInvitePage /> },
  { element: <RequireAuth />, children: [{ path: '/private-rooms', element: <h1>Salas</h1> }] },
];

function flowApi() {
  const state: { user: typeof regularUser | null; signUp: unknown } = {
    user: null,
    signUp: undefined,
  };
  mockApi({
    'GET /api/me': () => ({ body: { user: state.user } }),
    'POST /api/auth/sign-up/email': ({ body }) => {
      state.signUp = body;
      return { body: {} };
    },
    'POST /api/auth/sign-in/email': () => {
      state.user = regularUser;
      return { body: { user: regularUser } };
    },
    [`GET /api/private-rooms/invite/${INVITE_CODE}`]: { body: makeInvite() },
  });
  return state;
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  const email = await screen.findByLabelText('E-mail');
  await user.clear(email);
  await user.type(email, 'amiga@example.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('an invited friend without an account', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('lands back in the invited room after sign-up, confirmation and sign-in', async () => {
    const state = flowApi();
    const { router } = renderRoutes(routes, INVITE_PATH);
    const user = userEvent.setup();

    // The visitor sees the room, then creates the account; the sign-up keeps the invitation.
    expect(
      await screen.findByText('Você foi convidado para a sala: Sala dos Amigos'),
    ).toBeDefined();
    await user.click(screen.getByRole('link', { name: 'Criar conta e entrar' }));
    expect(await screen.findByText('Você foi convidado!')).toBeDefined();
    expect(router.state.location.pathname).toBe('/register');

    await user.type(screen.getByLabelText('E-mail'), 'amiga@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('checkbox', { name: ACCEPT_LEGAL }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeDefined();

    // The confirmation e-mail's link (better-auth's callbackURL) carries the room.
    const callbackURL = `/login?verified=1&redirect=${encodeURIComponent(INVITE_PATH)}`;
    expect(state.signUp).toMatchObject({ email: 'amiga@example.com', callbackURL });
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(INVITE_PATH)}`,
    );

    // Opening the link: the server confirms and redirects to the callback.
    await act(() => router.navigate(callbackURL));
    expect(await screen.findByText('E-mail confirmado! Agora faça login.')).toBeDefined();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Entrar na Sala Privada' })).toBeDefined();
    expect(router.state.location.pathname).toBe(INVITE_PATH);
    expect(screen.getByText('Você foi convidado para a sala: Sala dos Amigos')).toBeDefined();
  });

  it.each([
    'https://evil.example/dashboard',
    '//evil.example/dashboard',
    '/\\evil.example',
    '/\t/evil.example',
  ])('ignores %j as a return target', async (target) => {
    flowApi();
    const { router } = renderRoutes(routes, `/login?redirect=${encodeURIComponent(target)}`);
    const user = userEvent.setup();
    expect((await screen.findByRole('link', { name: 'Criar conta' })).getAttribute('href')).toBe(
      '/register',
    );
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Painel do usuário' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an ignored target nowhere from the sign-up either', async () => {
    const state = flowApi();
    renderRoutes(routes, `/register?redirect=${encodeURIComponent('//evil.example')}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'amiga@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('checkbox', { name: ACCEPT_LEGAL }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeDefined();
    expect(state.signUp).toMatchObject({ callbackURL: '/login?verified=1' });
    expect(screen.queryByText('Você foi convidado!')).toBeNull();
  });

  it('brings a friend with only ?invite_code= back to the invitation', async () => {
    const state = flowApi();
    renderRoutes(routes, `/register?invite_code=${INVITE_CODE}`);
    const user = userEvent.setup();
    expect(await screen.findByText('Você foi convidado!')).toBeDefined();
    await user.type(screen.getByLabelText('E-mail'), 'amiga@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('checkbox', { name: ACCEPT_LEGAL }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await screen.findByRole('heading', { name: 'Verifique seu e-mail' });
    expect(state.signUp).toMatchObject({
      callbackURL: `/login?verified=1&redirect=${encodeURIComponent(INVITE_PATH)}`,
    });
  });
});
