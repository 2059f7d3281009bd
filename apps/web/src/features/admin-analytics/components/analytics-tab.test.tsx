import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, mockApi, type MockReply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AnalyticsTab from '../index';

afterEach(() => vi.unstubAllGlobals());

/** Intl puts a no-break space after "R$". */
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

const revenue = [
  { date: '2026-11-21', revenue: 0, fees: 0 },
  { date: '2026-11-22', revenue: 100_000, fees: 10_000 },
  { date: '2026-11-23', revenue: 23_456, fees: 2_345 },
];
const signups = [
  { date: '2026-11-22', signups: 40, verified: 10 },
  { date: '2026-11-23', signups: 2, verified: 7 },
];
const roomTypes = [
  { tipoSala: 'bronze', participations: 30, amount: 30_000 },
  { tipoSala: 'vip_ultra', participations: 45, amount: 225_000 },
];
const funnel = [
  { step: 'Cadastro', count: 100 },
  { step: 'E-mail confirmado', count: 80 },
  { step: 'Identidade verificada', count: 50 },
  { step: 'Primeira participação', count: 20 },
  { step: 'Segunda participação', count: 12 },
];

const charts = ['revenue', 'signups', 'room-types', 'funnel'] as const;

function setup(replies: Partial<Record<(typeof charts)[number], MockReply>> = {}) {
  const fetchMock = mockApi({
    'GET /api/me': { body: { user: adminUser } },
    'GET /api/admin/analytics/revenue': replies.revenue ?? { body: revenue },
    'GET /api/admin/analytics/signups': replies.signups ?? { body: signups },
    'GET /api/admin/analytics/room-types': replies['room-types'] ?? { body: roomTypes },
    'GET /api/admin/analytics/funnel': replies.funnel ?? { body: funnel },
  });
  renderWithProviders(<AnalyticsTab />);
  /** The analytics URLs asked so far, in order. */
  const asked = () =>
    fetchMock.mock.calls
      .map(([input]) => input)
      .filter((url): url is string => typeof url === 'string')
      .filter((url) => url.startsWith('/api/admin/analytics/'));
  return { asked };
}

const region = (name: string) => screen.findByRole('region', { name }, { timeout: 8000 });

describe('analytics tab', { timeout: 20_000 }, () => {
  it('asks each chart once for 30 days and tells its figures as text', async () => {
    const { asked } = setup();
    const revenueCard = await region('Receita e taxas por dia');
    await waitFor(() =>
      expect(text(revenueCard)).toContain(
        'Nos últimos 30 dias: receita de R$ 1.234,56 e R$ 123,45 em taxas da plataforma. Melhor dia: 22/11/2026, com R$ 1.000,00.',
      ),
    );
    // The per-day table for screen readers.
    const revenueTable = within(revenueCard).getByRole('table', {
      name: 'Receita e taxas por dia',
    });
    expect(within(revenueTable).getAllByRole('row')).toHaveLength(4);
    expect(
      text(within(revenueTable).getByRole('rowheader', { name: '23/11/2026' }).parentElement!),
    ).toBe('23/11/2026R$ 234,56R$ 23,45');

    const signupCard = await region('Cadastros e verificações por dia');
    await waitFor(() =>
      expect(text(signupCard)).toContain(
        'Nos últimos 30 dias: 42 cadastros e 17 usuários verificados.',
      ),
    );
    const roomCard = await region('Participações por tipo de sala');
    await waitFor(() =>
      expect(text(roomCard)).toContain(
        'Nos últimos 30 dias: 75 participações confirmadas, R$ 2.550,00 no total. Mais procurada: VIP Ultra (45).',
      ),
    );
    const funnelCard = await region('Funil de conversão');
    await waitFor(() =>
      expect(text(funnelCard)).toContain(
        'Nos últimos 30 dias: 100 cadastros; 12 (12,0%) chegaram à etapa "Segunda participação".',
      ),
    );
    const funnelTable = within(funnelCard).getByRole('table', { name: 'Funil de conversão' });
    expect(text(funnelTable)).toContain('Identidade verificada5050,0%');

    expect([...asked()].sort()).toEqual(
      charts.map((c) => `/api/admin/analytics/${c}?days=30`).sort(),
    );
    // The drawings are hidden from assistive technology and take no focus.
    for (const card of [revenueCard, signupCard, roomCard, funnelCard])
      for (const hidden of card.querySelectorAll('[aria-hidden="true"]'))
        expect(hidden.querySelector('[tabindex]:not([tabindex="-1"])')).toBeNull();
  });

  it("the period picker asks every chart again with 'days=7'", async () => {
    const user = userEvent.setup();
    const { asked } = setup();
    const revenueCard = await region('Receita e taxas por dia');
    await waitFor(() => expect(text(revenueCard)).toContain('Nos últimos 30 dias'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '30 dias' }).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Período' })).toBeDefined();

    await user.click(screen.getByRole('radio', { name: '7 dias' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '7 dias' }).checked).toBe(true);
    await waitFor(() =>
      expect(
        asked()
          .filter((url) => url.endsWith('?days=7'))
          .sort(),
      ).toEqual(charts.map((c) => `/api/admin/analytics/${c}?days=7`).sort()),
    );
    await waitFor(() => expect(text(revenueCard)).toContain('Nos últimos 7 dias: receita de'));
    expect(asked().some((url) => url.endsWith('?days=90'))).toBe(false);
  });

  it("shows each chart's failure or 'Sem dados no período.' on its own card", async () => {
    setup({
      revenue: {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Banco de dados indisponível.' } },
      },
      signups: { body: [{ date: '2026-11-23', signups: 0, verified: 0 }] },
      'room-types': { body: [] },
      funnel: { status: 404 },
    });
    const revenueCard = await region('Receita e taxas por dia');
    const alert = await within(revenueCard).findByRole('alert');
    expect(alert.textContent).toContain('Erro ao carregar a receita');
    expect(alert.textContent).toContain('Banco de dados indisponível.');
    expect(within(revenueCard).getByRole('button', { name: 'Tentar Novamente' })).toBeDefined();

    for (const name of ['Cadastros e verificações por dia', 'Participações por tipo de sala'])
      expect(await within(await region(name)).findByText('Sem dados no período.')).toBeDefined();
    const funnelCard = await region('Funil de conversão');
    expect((await within(funnelCard).findByRole('alert')).textContent).toContain(
      'Erro ao carregar o funil',
    );
    expect(within(funnelCard).queryByRole('table')).toBeNull();
  });
});
