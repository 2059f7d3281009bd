import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { accountApi } from '../test-data';
import { ChangePasswordCard } from './change-password-card';

const routes = [{ path: '/profile', element: <ChangePasswordCard /> }];
const badRequest = (message: string, reason?: string) => ({
  status: 400,
  body: { error: { code: 'VALIDATION_ERROR', message, ...(reason ? { reason } : {}) } },
});

async function fill(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Senha atual'), current);
  await user.type(screen.getByLabelText('Nova senha'), next);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirm);
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

describe('ChangePasswordCard', () => {
  it('sends the current and the new password and says the other sessions ended', async () => {
    const change = vi.fn((_: { body: unknown }) => ({ body: { changed: true } }));
    mockApi({ ...accountApi(), 'POST /api/account/change-password': change });
    renderRoutes(routes, '/profile');
    await fill('senha-antiga-1', 'senha-nova-123');
    expect(await screen.findByText('Senha alterada')).toBeDefined();
    expect(
      screen.getByText('Sua nova senha já vale. As outras sessões foram encerradas.'),
    ).toBeDefined();
    expect(change.mock.calls[0]?.[0].body).toEqual({
      currentPassword: 'senha-antiga-1',
      newPassword: 'senha-nova-123',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Senha atual').value).toBe('');
  });

  it('shows a wrong current password under that field', async () => {
    mockApi({
      ...accountApi(),
      'POST /api/account/change-password': badRequest('A senha atual está incorreta.'),
    });
    renderRoutes(routes, '/profile');
    await fill('errada-123', 'senha-nova-123');
    const current = screen.getByLabelText('Senha atual');
    expect(await screen.findByText('A senha atual está incorreta.')).toBeDefined();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Nova senha').getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the length before sending', async () => {
    const change = vi.fn(() => ({ body: { changed: true } }));
    mockApi({ ...accountApi(), 'POST /api/account/change-password': change });
    renderRoutes(routes, '/profile');
    await fill('senha-antiga-1', 'abc');
    expect(await screen.findByText(/A senha deve ter pelo menos \d+ caracteres\./)).toBeDefined();
    expect(change).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs', async () => {
    const change = vi.fn(() => ({ body: { changed: true } }));
    mockApi({ ...accountApi(), 'POST /api/account/change-password': change });
    renderRoutes(routes, '/profile');
    await fill('senha-antiga-1', 'senha-nova-123', 'senha-nova-124');
    expect(await screen.findByText('As senhas não coincidem.')).toBeDefined();
    expect(change).not.toHaveBeenCalled();
  });

  it('shows the server minimum under the new password', async () => {
    mockApi({
      ...accountApi(),
      'POST /api/account/change-password': badRequest(
        'A senha deve ter pelo menos 12 caracteres.',
        'PASSWORD_TOO_SHORT',
      ),
    });
    renderRoutes(routes, '/profile');
    await fill('senha-antiga-1', 'senha-nova-123');
    expect(await screen.findByText('A senha deve ter pelo menos 12 caracteres.')).toBeDefined();
    expect(screen.getByLabelText('Nova senha').getAttribute('aria-invalid')).toBe('true');
  });
});
