import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installLiveSocket } from '@/test/live-socket';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { PlayerNotices } from './player-notices';

const routes = [
  {
    element: (
      <>
        <Outlet />
        <PlayerNotices />
      </>
    ),
    children: [
      { path: '/stats', element: <h1>Estatísticas</h1> },
      { path: '/sorteios/:id', element: <h1>Prova do sorteio</h1> },
      { path: '/private-room/:id', element: <h1>Sala privada</h1> },
    ],
  },
];

async function openOn(path: string, user: typeof regularUser | null) {
  mockApi({ 'GET /api/me': { body: { user } } });
  const live = installLiveSocket();
  const rendered = renderRoutes(routes, path);
  await screen.findByRole('heading', { level: 1 });
  // The live connection is open once the session is known.
  await waitFor(() => {
    live.emit({ type: 'hello', signedIn: user !== null });
  });
  return { live, ...rendered };
}

describe('player notices', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a drawn room on any screen, with a link to the proof that closes the notice', async () => {
    const { live, router } = await openOn('/stats', regularUser);
    live.emit({
      type: 'notice',
      kind: 'won',
      roomName: 'Sala Ouro',
      href: '/sorteios/0b4c7e3e-0000-4000-8000-000000000000',
      drawId: '0b4c7e3e-0000-4000-8000-000000000000',
    });
    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('Você ganhou!')).toBeDefined();
    expect(within(notice).getByText('Sala Ouro foi sorteada e o prêmio é seu.')).toBeDefined();
    await userEvent.setup().click(within(notice).getByRole('link', { name: 'Ver o resultado' }));
    expect(await screen.findByRole('heading', { name: 'Prova do sorteio' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/sorteios/0b4c7e3e-0000-4000-8000-000000000000');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names each moment: full, drawn, cancelled, prize paid; closes with the X', async () => {
    const { live } = await openOn('/stats', regularUser);
    const room = { roomName: 'Bolão da turma', href: '/private-room/abc', drawId: null };
    live.emit({ type: 'notice', kind: 'filled', ...room });
    live.emit({ type: 'notice', kind: 'drawn', ...room });
    live.emit({ type: 'notice', kind: 'paid', ...room });
    const shown = await screen.findAllByRole('status');
    expect(shown.map((n) => n.querySelector('p')?.textContent)).toEqual([
      'Sua sala está completa',
      'Sorteio realizado',
      'Prêmio pago',
    ]);
    expect(within(shown[0]!).getByRole('link', { name: 'Ver a sala' }).getAttribute('href')).toBe(
      '/private-room/abc',
    );
    live.emit({ type: 'notice', kind: 'cancelled', ...room });
    // At most three at once: the oldest leaves.
    await waitFor(() => {
      expect(screen.queryByText('Sua sala está completa')).toBeNull();
    });
    expect(
      screen.getByText('Bolão da turma foi cancelada e sua entrada foi devolvida.'),
    ).toBeDefined();
    const user = userEvent.setup();
    for (const close of screen.getAllByRole('button', { name: 'Fechar aviso' }))
      await user.click(close);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ignores other messages, unknown kinds and links off this site', async () => {
    const { live } = await openOn('/stats', regularUser);
    live.emit({ type: 'draw', roomId: 'x', drawId: null, result: 'drawn' });
    live.emit({ type: 'notice', kind: 'hacked', roomName: 'Sala', href: '/stats', drawId: null });
    live.emit({
      type: 'notice',
      kind: 'won',
      roomName: 'Sala',
      href: '//evil.example',
      drawId: null,
    });
    live.emit({
      type: 'notice',
      kind: 'won',
      roomName: 'Sala',
      href: 'https://evil.example/',
      drawId: null,
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing to a signed-out visitor', async () => {
    const { live } = await openOn('/stats', null);
    live.emit({ type: 'notice', kind: 'won', roomName: 'Sala', href: '/stats', drawId: null });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
