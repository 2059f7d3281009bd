import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ActiveSessionsCard } from './active-sessions-card';

const routes = [{ path: '/profile', element: <ActiveSessionsCard /> }];
const session = (id: string, current: boolean, userAgent: string) => ({
  id,
  userAgent,
  ipAddress: '200.100.50.25',
  place: 'São Paulo, SP, Brasil',
  createdAt: '2026-01-02T15:00:00.000Z',
  lastUsedAt: '2026-01-02T15:30:00.000Z',
  current,
});

describe('ActiveSessionsCard', () => {
  it('lists device, place and last use, and ends one session or all the others', async () => {
    const revoked: string[] = [];
    let list = [
      session('s1', true, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36'),
      session('s2', false, 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36'),
      session('s3', false, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Safari/604.1'),
    ];
    mockApi({
      'GET /api/profile/sessions': () => ({ body: list }),
      'POST /api/profile/sessions/s2/revoke': () => {
        revoked.push('s2');
        list = list.filter((s) => s.id !== 's2');
        return { body: { ended: 1 } };
      },
      'POST /api/profile/sessions/revoke-others': () => {
        revoked.push('others');
        list = list.filter((s) => s.current);
        return { body: { ended: 1 } };
      },
    });
    renderRoutes(routes, '/profile');
    const items = within(await screen.findByRole('list', { name: 'Sessões ativas' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Chrome 120 · Windows');
    expect(items[0]?.textContent).toContain('Esta sessão');
    expect(items[0]?.textContent).toContain('São Paulo, SP, Brasil · IP: 200.100.50.25');
    expect(items[0]?.textContent).toContain('Último uso: 02/01/2026 12:30');
    expect(within(items[0]!).queryByRole('button', { name: 'Encerrar' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(items[1]!).getByRole('button', { name: 'Encerrar' }));
    await screen.findByText('Sessão encerrada.');
    await user.click(screen.getByRole('button', { name: 'Encerrar todas as outras sessões' }));
    await screen.findByText('1 outra sessão foi encerrada.');
    expect(revoked).toEqual(['s2', 'others']);
    expect(
      within(screen.getByRole('list', { name: 'Sessões ativas' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });
});
