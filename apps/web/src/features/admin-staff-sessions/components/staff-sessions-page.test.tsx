import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { StaffSessionsPage } from './staff-sessions-page';

const session = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  userId: `u-${id}`,
  name: `Pessoa ${id}`,
  email: `${id}@example.com`,
  role: 'manager',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130',
  createdAt: '2026-11-26T12:00:00.000Z',
  lastActiveAt: '2026-11-26T12:20:00.000Z',
  current: false,
  ...over,
});

describe('Sessões da equipe', { timeout: 20_000 }, () => {
  it('lists the staff sessions and ends one after confirming', async () => {
    let items = [session('s1', { current: true, role: 'admin' }), session('s2')];
    const ended = vi.fn(() => {
      items = items.filter((i) => i.id !== 's2');
      return { body: { ended: 1 } };
    });
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/staff-sessions': () => ({ body: { items, idleTimeoutMinutes: 30 } }),
      'POST /api/admin/staff-sessions/s2/end': ended,
    });
    renderWithProviders(<StaffSessionsPage />);
    const table = await screen.findByRole('table', { name: 'Sessões da equipe' });
    expect(screen.getByText(/sem uso por 30 minutos termina sozinha/)).toBeDefined();
    expect(within(table).getByText('Gerente')).toBeDefined();
    expect(within(table).getByText('Esta sessão')).toBeDefined();
    // The caller's own session has no "Encerrar".
    expect(within(table).getAllByRole('button', { name: /Encerrar/ })).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Encerrar a sessão de Pessoa s2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encerrar esta sessão?' });
    expect(ended).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar sessão' }));
    expect(
      await screen.findByText(
        'A sessão de Pessoa s2 foi encerrada. A pessoa precisa entrar de novo.',
      ),
    ).toBeDefined();
    expect(ended).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Pessoa s2')).toBeNull());
  });

  it('shows the server refusal', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/staff-sessions': { body: { items: [session('s3')], idleTimeoutMinutes: 30 } },
      'POST /api/admin/staff-sessions/s3/end': {
        status: 404,
        body: {
          error: {
            code: 'NOT_FOUND',
            message: 'Sessão da equipe não encontrada (talvez já tenha sido encerrada).',
          },
        },
      },
    });
    renderWithProviders(<StaffSessionsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Encerrar a sessão de Pessoa s3' }));
    await user.click(await screen.findByRole('button', { name: 'Encerrar sessão' }));
    expect(
      await screen.findByText('Sessão da equipe não encontrada (talvez já tenha sido encerrada).'),
    ).toBeDefined();
  });
});
