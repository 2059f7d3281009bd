import { formatDateTime } from '@sorteio/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseProfile, notSent } from '@/features/profile/test-data';
import { brl, ids, makeDashboard, makeDraw, makeRoom } from '@/test/fixtures';
import { installLiveSocket } from '@/test/live-socket';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import DashboardPage from './dashboard';

const routes = [{ path: '/dashboard', element: <DashboardPage /> }];

/** A player past the first steps: e-mail confirmed, profile complete, identity verified. */
const onboardedProfile = {
  ...baseProfile,
  cpf: '52998224725',
  isVerified: true,
};

function dashboardApi(overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/dashboard': { body: makeDashboard() },
    'GET /api/rooms': { body: [] },
    'GET /api/profile': { body: onboardedProfile },
    'GET /api/profile/verification': { body: { ...notSent, status: 'verificado' } },
    ...overrides,
  });
}

function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

function card(label: string) {
  const cards = screen.getByRole('region', { name: 'Seu desempenho' });
  return within(cards).getByText(label).closest('[data-slot="card"]') as HTMLElement;
}

describe('dashboard content', () => {
  it('greets the user by the part of the e-mail before the @', async () => {
    dashboardApi();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('maria')).toBeDefined();
    expect(await screen.findByText(/Bem-vindo de volta/)).toBeDefined();
    const breadcrumb = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(breadcrumb).getByText('Dashboard').getAttribute('aria-current')).toBe('page');
  });

  it("says 'Bem-vindo', not 'de volta', on the first visit the server knows of", async () => {
    dashboardApi({ 'GET /api/dashboard': { body: makeDashboard({ primeiraVisita: true }) } });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Última atualização:', { exact: false })).toBeDefined();
    const greeting = screen.getByText('maria').closest('p')!;
    expect(greeting.textContent).toBe('Bem-vindo, maria!');
    expect(screen.queryByText(/de volta/)).toBeNull();
  });

  it('shows the six performance cards from the server', async () => {
    dashboardApi({
      'GET /api/dashboard': {
        body: makeDashboard({
          pontosAtuais: 12_345,
          totalParticipacoes: 7,
          totalGanho: 8000,
          vitorias: 1,
          investidoTotal: 9000,
          lucroPrejuizo: -1000,
        }),
      },
    });
    renderRoutes(routes, '/dashboard');
    await screen.findByText(brl(12_345));
    expect(screen.queryByRole('region', { name: 'Primeiros passos' })).toBeNull();
    expect(within(card('Pontos Atuais')).getByText(brl(12_345))).toBeDefined();
    expect(within(card('Total Participações')).getByText('7')).toBeDefined();
    expect(within(card('Total Ganho')).getByText(brl(8000))).toBeDefined();
    expect(within(card('Vitórias')).getByText('1')).toBeDefined();
    expect(within(card('Investido Total')).getByText(brl(9000))).toBeDefined();
    const loss = within(card('Lucro/Prejuízo')).getByText(brl(-1000));
    expect(loss.className).toContain('text-destructive');
  });

  it("names both parts of 'Pontos Atuais': the Saldo (withdrawable) and the Cashback", async () => {
    dashboardApi({
      'GET /api/dashboard': {
        body: makeDashboard({ pontosAtuais: 5300, saldo: 5000, cashback: 300 }),
      },
    });
    renderRoutes(routes, '/dashboard');
    await screen.findByText(brl(5300));
    const points = card('Pontos Atuais');
    const saldo = within(points).getByText('Saldo').closest('div') as HTMLElement;
    expect(within(saldo).getByText(brl(5000))).toBeDefined();
    expect(within(saldo).getByText('pode ser sacado')).toBeDefined();
    const cashback = within(points).getByText('Cashback').closest('div') as HTMLElement;
    expect(within(cashback).getByText(brl(300))).toBeDefined();
    expect(within(cashback).getByText('só para entradas')).toBeDefined();
  });

  it('shows a profit in green', async () => {
    dashboardApi({ 'GET /api/dashboard': { body: makeDashboard({ lucroPrejuizo: 500 }) } });
    renderRoutes(routes, '/dashboard');
    await screen.findByText(brl(500));
    expect(within(card('Lucro/Prejuízo')).getByText(brl(500)).className).toContain('text-success');
  });

  it('shows the live statistics and the last update time', async () => {
    dashboardApi();
    renderRoutes(routes, '/dashboard');
    const live = screen.getByLabelText('Estatísticas ao vivo');
    expect(await within(live).findByText('1.234')).toBeDefined();
    expect(within(live).getByText('5')).toBeDefined();
    expect(within(live).getByText(brl(987_654))).toBeDefined();
    expect(within(live).getByText('42')).toBeDefined();
    expect(screen.getByText(formatDateTime('2025-01-02T15:30:00.000Z'))).toBeDefined();
  });

  it('falls back to zeros when the figures cannot be loaded', async () => {
    dashboardApi({ 'GET /api/dashboard': { status: 500, body: undefined } });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Erro ao carregar sorteios')).toBeDefined();
    // The total, the Saldo and the Cashback.
    expect(within(card('Pontos Atuais')).getAllByText(brl(0))).toHaveLength(3);
    expect(within(card('Vitórias')).getByText('0')).toBeDefined();
  });

  describe('recent draws', () => {
    it("shows 3 of 6 with hash prefix, room, prize, winner ('Anônimo') and relative time", async () => {
      const draws = [
        makeDraw(1, { timestampSorteio: minutesAgo(0), vencedorPrimeiroNome: '' }),
        makeDraw(2, { timestampSorteio: minutesAgo(5), tipoSala: 'vip_ultra' }),
        makeDraw(3, { timestampSorteio: minutesAgo(180) }),
        makeDraw(4),
        makeDraw(5),
        makeDraw(6),
      ];
      dashboardApi({
        'GET /api/dashboard': { body: makeDashboard({ recentDraws: draws, hasMoreDraws: true }) },
      });
      renderRoutes(routes, '/dashboard');
      const region = screen.getByRole('region', { name: 'Sorteios recentes' });
      await within(region).findByText('#1abcdef0');
      const items = within(region).getAllByRole('listitem');
      expect(items).toHaveLength(3);

      expect(within(items[0]!).getByText('Anônimo')).toBeDefined();
      expect(within(items[0]!).getByText('Agora mesmo')).toBeDefined();
      expect(within(items[0]!).getByText(brl(5000))).toBeDefined();
      expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(
        `/sorteios/${draws[0]!.id}`,
      );
      expect(within(items[1]!).getByText('#2abcdef0')).toBeDefined();
      expect(within(items[1]!).getByText('Sala VIP Ultra')).toBeDefined();
      expect(within(items[1]!).getByText('Pessoa2')).toBeDefined();
      expect(within(items[1]!).getByText('há 5 minutos')).toBeDefined();
      expect(within(items[2]!).getByText('há 3 horas')).toBeDefined();
      expect(within(region).queryByText('#4abcdef0')).toBeNull();
      expect(within(region).getByRole('link', { name: 'Ver todos' }).getAttribute('href')).toBe(
        '/sorteios',
      );
    });

    it("has no 'Ver todos' when there is nothing more", async () => {
      dashboardApi({
        'GET /api/dashboard': { body: makeDashboard({ recentDraws: [makeDraw(1)] }) },
      });
      renderRoutes(routes, '/dashboard');
      await screen.findByText('#1abcdef0');
      expect(screen.queryByRole('link', { name: 'Ver todos' })).toBeNull();
    });

    it("says 'Em breve' when there are no draws yet", async () => {
      dashboardApi();
      renderRoutes(routes, '/dashboard');
      expect(await screen.findByText('Em breve')).toBeDefined();
    });
  });

  describe('rooms list', () => {
    it('lists the open rooms with type, seats, entry and prize, linking to the room', async () => {
      dashboardApi({
        'GET /api/rooms': {
          body: [makeRoom({ tipoSala: 'vip_ultra', participantesAtual: 4, maxParticipantes: 20 })],
        },
      });
      renderRoutes(routes, '/dashboard');
      const link = await screen.findByRole('link', { name: /Sala VIP Ultra/ });
      expect(link.getAttribute('href')).toBe(`/participate?sala_id=${ids.room}`);
      expect(within(link).getByText('4/20')).toBeDefined();
      expect(within(link).getByText(brl(1000))).toBeDefined();
      expect(within(link).getByText(brl(8000))).toBeDefined();
    });

    describe('live', () => {
      afterEach(() => {
        vi.unstubAllGlobals();
      });

      it("marks the seats 'Ao vivo' and follows the server's changes", async () => {
        const live = installLiveSocket();
        let seats = 4;
        dashboardApi({
          'GET /api/rooms': () => ({ body: [makeRoom({ participantesAtual: seats })] }),
        });
        renderRoutes(routes, '/dashboard');
        const link = await screen.findByRole('link', { name: /Sala Ouro/ });
        expect(within(link).getByText('4/10').getAttribute('aria-live')).toBe('polite');
        expect(await within(link).findByText('Ao vivo')).toBeDefined();

        seats = 5;
        live.emit({ type: 'room', roomId: ids.room });
        expect(await within(link).findByText('5/10')).toBeDefined();
      });
    });

    it("says 'Nenhuma sala encontrada' when no room is open", async () => {
      dashboardApi();
      renderRoutes(routes, '/dashboard');
      expect(await screen.findByText('Nenhuma sala encontrada')).toBeDefined();
      expect(screen.getByText('Não há salas abertas no momento')).toBeDefined();
    });

    it("shows 'Erro ao buscar salas: {message}' and tries again", async () => {
      let fail = true;
      dashboardApi({
        'GET /api/rooms': () =>
          fail
            ? {
                status: 503,
                body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Banco fora do ar' } },
              }
            : { body: [makeRoom()] },
      });
      renderRoutes(routes, '/dashboard');
      expect(await screen.findByText('Erro ao buscar salas: Banco fora do ar')).toBeDefined();
      fail = false;
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Tentar Novamente' }));
      expect(await screen.findByRole('link', { name: /Sala Ouro/ })).toBeDefined();
    });
  });
});
