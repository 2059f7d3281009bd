import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ResetPasswordScreen } from './reset-password-screen';

const routes = [
  { path: '/reset-password', element: <ResetPasswordScreen /> },
  { path: '/set-password', element: <ResetPasswordScreen mode="set" /> },
  { path: '/forgot-password', element: <h1>Recuperar senha</h1> },
  { path: '/login', element: <h1>Login</h1> },
];
const signedOut = { 'GET /api/me': { body: { user: null } } };
const validLink = '/reset-password?token=tok123&type=recovery';
const tokenOk = { 'GET /api/account/password-reset/tok123': { body: { valid: true } } };

async function form() {
  const password = await screen.findByLabelText('Nova senha');
  return {
    password,
    confirm: screen.getByLabelText('Confirmar nova senha'),
    submit: screen.getByRole('button', { name: 'Redefinir senha' }),
  };
}

describe('ResetPasswordScreen', () => {
  it.each([
    ['without a token', '/reset-password?type=recovery'],
    ['with another type', '/reset-password?token=tok123&type=signup'],
  ])('sends a link %s back to /forgot-password', async (_name, path) => {
    const check = vi.fn(() => ({ body: { valid: true } }));
    mockApi({ ...signedOut, 'GET /api/account/password-reset/tok123': check });
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Recuperar senha' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByText('Link inválido')).toBeDefined();
    expect(screen.getByText('Este link de recuperação é inválido ou expirou.')).toBeDefined();
    expect(check).not.toHaveBeenCalled();
  });

  it('sends an expired link back to /forgot-password', async () => {
    mockApi({
      ...signedOut,
      'GET /api/account/password-reset/tok123': { body: { valid: false } },
    });
    const { router } = renderRoutes(routes, validLink);
    expect(await screen.findByRole('heading', { name: 'Recuperar senha' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByText('Link expirado')).toBeDefined();
    expect(screen.getByText('Este link de recuperação expirou. Solicite um novo.')).toBeDefined();
  });

  it('shows live hints and enables the button only for two equal passwords', async () => {
    mockApi({ ...signedOut, ...tokenOk });
    renderRoutes(routes, validLink);
    const user = userEvent.setup();
    const { password, confirm, submit } = await form();
    const hints = screen.getByRole('list');
    expect(submit).toHaveProperty('disabled', true);
    expect(hints.textContent).toContain('Pelo menos 6 caracteres: pendente');
    expect(hints.textContent).toContain('As senhas coincidem: pendente');

    await user.type(password, 'novasenha');
    expect(hints.textContent).toContain('Pelo menos 6 caracteres: atendido');
    expect(submit).toHaveProperty('disabled', true);

    await user.type(confirm, 'novasenhX');
    expect(hints.textContent).toContain('As senhas coincidem: pendente');
    expect(submit).toHaveProperty('disabled', true);

    await user.clear(confirm);
    await user.type(confirm, 'novasenha');
    expect(hints.textContent).toContain('As senhas coincidem: atendido');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('says the passwords do not match when the form is sent anyway', async () => {
    mockApi({ ...signedOut, ...tokenOk });
    renderRoutes(routes, validLink);
    const { password, confirm } = await form();
    fireEvent.change(password, { target: { value: 'novasenha' } });
    fireEvent.change(confirm, { target: { value: 'outrasenha' } });
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByText('Senhas não coincidem')).toBeDefined();
    expect(screen.getByText('As senhas digitadas não são iguais.')).toBeDefined();
  });

  it('refuses a short password', async () => {
    mockApi({ ...signedOut, ...tokenOk });
    renderRoutes(routes, validLink);
    const user = userEvent.setup();
    const { password, confirm, submit } = await form();
    await user.type(password, '12345');
    await user.type(confirm, '12345');
    await user.click(submit);
    expect(await screen.findByText('Senha muito fraca')).toBeDefined();
    expect(screen.getByText('A senha deve ter pelo menos 6 caracteres.')).toBeDefined();
  });

  it('asks for both fields', async () => {
    mockApi({ ...signedOut, ...tokenOk });
    renderRoutes(routes, validLink);
    const { password } = await form();
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByText('Campos obrigatórios')).toBeDefined();
    expect(screen.getByText('Preencha todos os campos.')).toBeDefined();
  });

  it('shows the server error', async () => {
    mockApi({
      ...signedOut,
      ...tokenOk,
      'POST /api/auth/reset-password': {
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: 'invalid token', reason: 'INVALID_TOKEN' } },
      },
    });
    renderRoutes(routes, validLink);
    const user = userEvent.setup();
    const { password, confirm, submit } = await form();
    await user.type(password, 'novasenha');
    await user.type(confirm, 'novasenha');
    await user.click(submit);
    expect(await screen.findByText('Erro ao redefinir senha')).toBeDefined();
    expect(screen.getByText('Este link de recuperação expirou. Solicite um novo.')).toBeDefined();
  });

  describe('on success', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('saves the password and returns to /login after 2 s', async () => {
      const reset = vi.fn(({ body }: { body: unknown }) => {
        void body;
        return { body: { status: true } };
      });
      mockApi({ ...signedOut, ...tokenOk, 'POST /api/auth/reset-password': reset });
      const { router } = renderRoutes(routes, validLink);
      const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
      await advance(10);
      fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: 'novasenha' } });
      fireEvent.change(screen.getByLabelText('Confirmar nova senha'), {
        target: { value: 'novasenha' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
      await advance(10);
      expect(reset.mock.calls[0]?.[0].body).toEqual({ newPassword: 'novasenha', token: 'tok123' });
      expect(screen.getByText('Senha alterada!')).toBeDefined();
      expect(screen.getByText('Faça login com a nova senha.')).toBeDefined();
      await advance(1900);
      expect(router.state.location.pathname).toBe('/reset-password');
      await advance(200);
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  describe('the set-password link of an account added by staff', () => {
    it('lets the person choose their first password with the same single-use token', async () => {
      const reset = vi.fn(() => ({ body: { status: true } }));
      mockApi({ ...signedOut, ...tokenOk, 'POST /api/auth/reset-password': reset });
      renderRoutes(routes, '/set-password?token=tok123');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Nova senha'), 'minhasenha');
      expect(screen.getByText('Definir sua senha')).toBeDefined();
      await user.type(screen.getByLabelText('Confirmar nova senha'), 'minhasenha');
      await user.click(screen.getByRole('button', { name: 'Definir senha' }));
      expect(await screen.findByText('Senha definida!')).toBeDefined();
      expect(reset).toHaveBeenCalledTimes(1);
    });

    it('says an expired or used link can be asked for again', async () => {
      mockApi({
        ...signedOut,
        'GET /api/account/password-reset/tok123': { body: { valid: false } },
      });
      const { router } = renderRoutes(routes, '/set-password?token=tok123');
      expect(await screen.findByRole('heading', { name: 'Recuperar senha' })).toBeDefined();
      expect(router.state.location.pathname).toBe('/forgot-password');
      expect(
        screen.getByText(/Este link para definir a senha expirou ou já foi usado/),
      ).toBeDefined();
    });
  });
});
