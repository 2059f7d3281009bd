import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { VerifyEmailScreen } from './verify-email-screen';

const routes = [
  { path: '/verify-email', element: <VerifyEmailScreen /> },
  { path: '/login', element: <h1>Login</h1> },
];

describe('VerifyEmailScreen', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function advance(ms: number) {
    await act(() => vi.advanceTimersByTimeAsync(ms));
  }

  it('shows the address, and resends with a 60 s cooldown', async () => {
    sessionStorage.setItem('sorteio:pending-email', 'ana@example.com');
    const resend = vi.fn(() => ({ body: { status: true } }));
    mockApi({
      'GET /api/me': { body: { user: null } },
      'POST /api/auth/send-verification-email': resend,
    });
    renderRoutes(routes, '/verify-email');
    await advance(10);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifique seu e-mail' })).toBeDefined();
    expect(screen.getByText('ana@example.com')).toBeDefined();
    expect(screen.getByText('O link é válido por 24 horas.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe(
      '/login',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Reenviar e-mail' }));
    await advance(10);
    expect(resend).toHaveBeenCalledTimes(1);
    expect(screen.getByText('E-mail reenviado!')).toBeDefined();
    const button = screen.getByRole('button', { name: /Reenviar em 60s/ });
    expect(button).toHaveProperty('disabled', true);

    await advance(1000);
    expect(screen.getByRole('button', { name: /Reenviar em 59s/ })).toBeDefined();
    await advance(59_000);
    expect(screen.getByRole('button', { name: 'Reenviar e-mail' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
