import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ServiceStatus, type ServicesOverview, maintenanceMessages } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ApiServicesScreen } from '.';

const service = (over: Partial<ServiceStatus>): ServiceStatus => ({
  id: 'auth',
  name: 'Acesso e cadastro',
  status: 'online',
  detail: 'Sessões no banco respondendo.',
  endpoint: '/api/auth',
  methods: ['GET', 'POST'],
  endpoints: 12,
  uptimeSeconds: 3600,
  requests: 10,
  avgMs: 5,
  p95Ms: 9,
  errors: [],
  uptime24hPct: 99.5,
  uptime7dPct: 98.25,
  checkAvgMs: 12.4,
  checks24h: 1440,
  lastCheckAt: '2026-11-23T12:00:00.000Z',
  maintenance: null,
  ...over,
});

const overview: ServicesOverview = {
  items: [
    service({}),
    service({
      id: 'payment-pix',
      name: 'Pagamentos PIX',
      status: 'maintenance',
      detail: 'Em manutenção: Troca do certificado',
      maintenance: {
        reason: 'Troca do certificado',
        startsAt: '2026-11-23T12:00:00.000Z',
        endsAt: '2026-11-23T15:00:00.000Z',
      },
    }),
    service({
      id: 'draws',
      name: 'Sorteios',
      uptime24hPct: null,
      uptime7dPct: null,
      checkAvgMs: null,
    }),
  ],
  summary: {
    activeServices: 2,
    totalServices: 3,
    uptime24hPct: 99.5,
    uptime7dPct: 98.3,
    avgResponseMs: 67.25,
    securityPct: 75,
    security: [
      { id: 'https', label: 'HTTPS no endereço público', ok: true, detail: 'ok' },
      {
        id: 'staff-2fa',
        label: '2FA obrigatório para a equipe',
        ok: false,
        detail: 'Desativado em Config. > Segurança.',
      },
    ],
  },
};

describe('API services screen', () => {
  it('shows the tiles from the measured checks and the security findings', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/services': { body: overview },
    });
    renderWithProviders(<ApiServicesScreen />);
    const active = await screen.findByText('Serviços ativos');
    expect(active.nextSibling?.textContent).toBe('2 de 3');
    expect(screen.getByText('Disponibilidade média (24 h)').nextSibling?.textContent).toBe('99,5%');
    // Statuses in words: no English on the operator's screen.
    expect(screen.getAllByText('No ar').length).toBeGreaterThan(0);
    expect(screen.getByText('Em manutenção')).toBeDefined();
    expect(document.body.textContent).not.toMatch(/\b(online|offline|Uptime)\b/);
    expect(screen.getByText('7 dias: 98,3%')).toBeDefined();
    expect(screen.getByText('Resposta média').nextSibling?.textContent).toBe('67,3 ms');
    expect(screen.getByText('Segurança').nextSibling?.textContent).toBe('75%');
    await userEvent.click(screen.getByRole('button', { name: 'Ver verificações' }));
    const checks = screen.getByRole('list', { name: 'Verificações de segurança' });
    expect(within(checks).getByText('2FA obrigatório para a equipe')).toBeDefined();
    expect(within(checks).getByText('Atenção')).toBeDefined();
    // Per service: uptime over 24 h / 7 days, or a dash before the first check.
    expect(screen.getAllByText('99,5% / 98,3%').length).toBeGreaterThan(0);
    expect(screen.getByText('— / —')).toBeDefined();
    expect(
      screen.getByText(/Manutenção até 23\/11\/2026 12:00: Troca do certificado/),
    ).toBeDefined();
  });

  it('puts a service in maintenance through the dialog, checking reason and end first', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/services': { body: overview },
      'PUT /api/admin/services/auth/maintenance': ({ body }) => {
        sent.push(body);
        return { body: service({ status: 'maintenance' }) };
      },
    });
    renderWithProviders(<ApiServicesScreen />);
    const card = (await screen.findByText('Acesso e cadastro')).closest(
      '[data-slot="card"]',
    ) as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Manutenção' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Iniciar manutenção' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(maintenanceMessages.reasonRequired);
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Atualização do login');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Iniciar manutenção' }));
    expect(await screen.findByText(maintenanceMessages.started)).toBeDefined();
    expect(sent).toHaveLength(1);
    const body = sent[0] as { reason: string; endsAt: string };
    expect(body.reason).toBe('Atualização do login');
    const minutes = (Date.parse(body.endsAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThan(61);
  });

  it('ends a maintenance early', async () => {
    let ended = false;
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/services': { body: overview },
      'DELETE /api/admin/services/payment-pix/maintenance': () => {
        ended = true;
        return { body: service({ id: 'payment-pix', name: 'Pagamentos PIX' }) };
      },
    });
    renderWithProviders(<ApiServicesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Encerrar manutenção' }));
    expect(await screen.findByText(maintenanceMessages.ended)).toBeDefined();
    expect(ended).toBe(true);
  });
});
