import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicSettings } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { RegisterScreen } from './register-screen';
import { VerifyEmailScreen } from './verify-email-screen';

const routes = [
  { path: '/register', element: <RegisterScreen /> },
  { path: '/verify-email', element: <VerifyEmailScreen /> },
  { path: '/login', element: <h1>Login</h1> },
];

const signedOut = { 'GET /api/me': { body: { user: null } } };
const ACCEPT = 'Li e aceito os Termos de Uso e o Regulamento dos Sorteios';

/** Fills the form with a valid password, accepts the terms and sends it. */
async function signUpAs(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await user.click(screen.getByRole('checkbox', { name: ACCEPT }));
  await user.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('RegisterScreen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('asks to fill every field', async () => {
    const signUp = vi.fn(() => ({ body: {} }));
    mockApi({ ...signedOut, 'POST /api/auth/sign-up/email': signUp });
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Erro')).toBeDefined();
    expect(screen.getAllByText('Por favor, preencha todos os campos.').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Erro')).toBeDefined();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 6 characters', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), '12345');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Erro ao registrar')).toBeDefined();
    expect(screen.getAllByText('A senha deve ter pelo menos 6 caracteres.').length).toBeGreaterThan(
      0,
    );
  });

  it('takes the minimum from the settings (Tamanho mínimo da senha)', async () => {
    const signUp = vi.fn(() => ({ body: {} }));
    mockApi({
      ...signedOut,
      'GET /api/public/settings': { body: makePublicSettings({ passwordMinLength: 10 }) },
      'POST /api/auth/sign-up/email': signUp,
    });
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    expect(await screen.findByText('Use pelo menos 10 caracteres.')).toBeDefined();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'nove12345');
    await user.click(screen.getByLabelText(ACCEPT));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(
      (await screen.findAllByText('A senha deve ter pelo menos 10 caracteres.')).length,
    ).toBeGreaterThan(0);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Senha');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('welcomes an invited visitor and keeps the invite code', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/register?invite_code=SALA1234');
    expect(await screen.findByText('Você foi convidado!')).toBeDefined();
    expect(sessionStorage.getItem('sorteio:invite-code')).toBe('SALA1234');
  });

  it('has no invite banner without a code, and tells who may sign up', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar conta' })).toBeDefined();
    expect(screen.queryByText('Você foi convidado!')).toBeNull();
    expect(screen.getByText(/exclusiva para maiores de 18 anos/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
  });

  it('prefills the last e-mail used', async () => {
    localStorage.setItem('sorteio:last-email', 'ultimo@example.com');
    mockApi(signedOut);
    renderRoutes(routes, '/register');
    expect(await screen.findByLabelText('E-mail')).toHaveProperty('value', 'ultimo@example.com');
  });

  it('signs up and goes to /verify-email with the address', async () => {
    const signUp = vi.fn(() => ({ body: { token: null, user: { id: 'n' } } }));
    mockApi({ ...signedOut, 'POST /api/auth/sign-up/email': signUp });
    const { router } = renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await signUpAs(user, 'Ana.Souza@Example.com');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verifique seu e-mail' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(router.state.location.state).toEqual({ email: 'ana.souza@example.com' });
    expect(sessionStorage.getItem('sorteio:pending-email')).toBe('ana.souza@example.com');
    expect(screen.getByText('ana.souza@example.com')).toBeDefined();
    expect(screen.getByText('Sucesso!')).toBeDefined();
    expect(
      screen.getByText('Cadastro realizado com sucesso! Verifique seu e-mail para confirmar.'),
    ).toBeDefined();
    expect(signUp.mock.calls[0]).toBeDefined();
  });

  it('sends the name and the confirmation target with the sign-up', async () => {
    const signUp = vi.fn((_request: { body: unknown }) => ({ body: {} }));
    mockApi({ ...signedOut, 'POST /api/auth/sign-up/email': signUp });
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await signUpAs(user, 'ana@example.com');
    await screen.findByRole('heading', { name: 'Verifique seu e-mail' });
    expect(signUp.mock.calls[0]?.[0].body).toEqual({
      email: 'ana@example.com',
      password: 'segredo1',
      name: 'ana',
      callbackURL: '/login?verified=1',
      acceptLegalTerms: true,
    });
  });

  it('welcomes a friend invited by a player’s link and sends the referral code', async () => {
    const signUp = vi.fn((_request: { body: unknown }) => ({ body: {} }));
    mockApi({ ...signedOut, 'POST /api/auth/sign-up/email': signUp });
    renderRoutes(routes, '/register?invite_code=abcdefgh');
    await screen.findByText('Você foi convidado!');
    screen.getByText(/Um amigo convidou você/);
    const user = userEvent.setup();
    await signUpAs(user, 'bia@example.com');
    await screen.findByRole('heading', { name: 'Verifique seu e-mail' });
    expect(signUp.mock.calls[0]?.[0].body).toMatchObject({
      email: 'bia@example.com',
      referralCode: 'ABCDEFGH',
    });
  });

  it('requires the acceptance of the Termos and the Regulamento', async () => {
    const signUp = vi.fn(() => ({ body: {} }));
    mockApi({ ...signedOut, 'POST /api/auth/sign-up/email': signUp });
    const { router } = renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    const box = screen.getByRole('checkbox', { name: ACCEPT });
    expect(box).toHaveProperty('checked', false);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    const message = 'Para criar a conta, aceite os Termos de Uso e o Regulamento dos Sorteios.';
    expect(await screen.findByText('Erro ao registrar')).toBeDefined();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(signUp).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('links both documents, opening in a new tab so the form is kept', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/register');
    const terms = await screen.findByRole('link', { name: /Termos de Uso/ });
    const rules = screen.getByRole('link', { name: /Regulamento dos Sorteios/ });
    for (const [link, href] of [
      [terms, '/termos'],
      [rules, '/regulamento'],
    ] as const) {
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.textContent).toContain('(abre em nova aba)');
    }
  });

  it('says when the e-mail is already registered', async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/sign-up/email': {
        status: 422,
        body: {
          error: {
            code: 'BAD_REQUEST',
            message: 'User already exists',
            reason: 'USER_ALREADY_EXISTS',
          },
        },
      },
    });
    const { router } = renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await signUpAs(user, 'ana@example.com');
    expect(await screen.findByText('Este e-mail já está cadastrado.')).toBeDefined();
    expect(screen.getByText('Erro ao registrar')).toBeDefined();
    expect(router.state.location.pathname).toBe('/register');
  });
});
