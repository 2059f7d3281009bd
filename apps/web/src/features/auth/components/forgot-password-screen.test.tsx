import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceTimers, useFakeTimersInBlock } from '@/test/fake-timers';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ForgotPasswordScreen } from './forgot-password-screen';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordScreen /> },
  { path: '/login', element: <h1>Login</h1> },
  { path: '/support', element: <h1>Suporte</h1> },
];
const signedOut = { 'GET /api/me': { body: { user: null } } };

describe('ForgotPasswordScreen', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('asks for the e-mail when it is empty', async () => {
    const send = vi.fn(() => ({ body: { status: true } }));
    mockApi({ ...signedOut, 'POST /api/auth/request-password-reset': send });
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar link de recuperação' }));
    expect(await screen.findByText('E-mail obrigatório')).toBeDefined();
    expect(screen.getAllByText('Por favor, digite seu e-mail.').length).toBeGreaterThan(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses an address that is not an e-mail', async () => {
    const send = vi.fn(() => ({ body: { status: true } }));
    mockApi({ ...signedOut, 'POST /api/auth/request-password-reset': send });
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana-sem-arroba');
    await user.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }));
    expect(await screen.findByText('E-mail inválido')).toBeDefined();
    expect(screen.getAllByText('Por favor, digite um e-mail válido.').length).toBeGreaterThan(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('reports a failed send', async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/request-password-reset': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'x' } },
      },
    });
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }));
    expect(await screen.findByText('Erro ao enviar e-mail')).toBeDefined();
    expect(
      screen.getByText(
        'Não foi possível enviar o e-mail de recuperação. Tente novamente em alguns minutos.',
      ),
    ).toBeDefined();
  });

  it('reports a network failure as unexpected', async () => {
    mockApi(signedOut);
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }));
    expect(await screen.findByText('Erro inesperado')).toBeDefined();
    expect(screen.getByText('Algo deu errado. Tente novamente mais tarde.')).toBeDefined();
  });

  describe('after sending', () => {
    useFakeTimersInBlock();
    const advance = advanceTimers;

    it('shows the sent view and counts 60 s down before a resend', async () => {
      const bodies: unknown[] = [];
      mockApi({
        ...signedOut,
        'POST /api/auth/request-password-reset': ({ body }) => {
          bodies.push(body);
          return { body: { status: true } };
        },
      });
      renderRoutes(routes, '/forgot-password');
      await advance(10);
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }));
      await advance(10);

      expect(screen.getByText('E-mail enviado com sucesso!')).toBeDefined();
      expect(screen.getByText('Verifique sua caixa de entrada e spam.')).toBeDefined();
      expect(screen.getByText('ana@example.com')).toBeDefined();
      expect(screen.getByText('Link expira em 1 hora')).toBeDefined();
      expect(screen.getByRole('link', { name: /Fale com o suporte/ }).getAttribute('href')).toBe(
        '/support',
      );
      expect(screen.getByRole('link', { name: 'Voltar ao login' }).getAttribute('href')).toBe(
        '/login',
      );
      expect(bodies).toEqual([{ email: 'ana@example.com', redirectTo: '/reset-password' }]);

      expect(screen.getByRole('button', { name: /Reenviar em 60s/ })).toHaveProperty(
        'disabled',
        true,
      );
      await advance(1000);
      expect(screen.getByRole('button', { name: /Reenviar em 59s/ })).toBeDefined();
      await advance(59_000);
      const resend = screen.getByRole('button', { name: 'Reenviar e-mail' });
      expect(resend).toHaveProperty('disabled', false);

      fireEvent.click(resend);
      await advance(10);
      expect(bodies).toHaveLength(2);
      expect(screen.getByText('E-mail reenviado!')).toBeDefined();
      expect(screen.getByRole('button', { name: /Reenviar em 60s/ })).toBeDefined();
    });
  });
});
