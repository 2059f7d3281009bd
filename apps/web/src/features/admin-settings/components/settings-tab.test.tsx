import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemSettings } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SettingsTab as AdminSettingsTab } from './settings-tab';

const defaults: SystemSettings = {
  siteName: 'Sorteio Certo',
  siteDescription: 'Sorteios',
  maintenanceMode: false,
  platformFeeBp: 1500,
  minWithdrawCentavos: 1000,
  maxWithdrawCentavos: 1_000_000,
  emailNotifications: true,
  smsNotifications: false,
  whatsappNotifications: true,
  twoFactorRequired: false,
  passwordMinLength: 8,
  sessionTimeoutHours: 24,
  pixEnabled: true,
  cardEnabled: false,
  boletoEnabled: false,
  allowPrivateAddresses: false,
};

describe('admin settings tab', () => {
  it('shows the spec defaults in five sub-tabs and saves a change', async () => {
    let saved: unknown = null;
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/settings': { body: defaults },
      'PUT /api/admin/settings': ({ body }) => {
        saved = body;
        return { body: { ...defaults, ...(body as object) } };
      },
    });
    renderWithProviders(<AdminSettingsTab />);
    for (const tab of ['Geral', 'Taxas', 'Notificações', 'Segurança', 'Pagamentos'])
      expect(await screen.findByRole('tab', { name: tab })).toBeDefined();
    await userEvent.click(screen.getByRole('switch', { name: 'Modo de manutenção' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Pagamentos' }));
    const card = screen.getByRole('switch', { name: /Cartão de crédito/ });
    expect((card as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText('Em desenvolvimento')).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: 'Taxas' }));
    expect(screen.getByLabelText<HTMLInputElement>('Taxa da plataforma (%)').value).toBe('15');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeDefined();
    expect(saved).toMatchObject({
      maintenanceMode: true,
      platformFeeBp: 1500,
      minWithdrawCentavos: 1000,
    });
  });

  it('shows how SMS and WhatsApp deliver now, never a fixed "not connected"', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/settings': { body: defaults },
      'GET /api/admin/notifications/channels': {
        body: [
          { channel: 'sms', provider: 'twilio' },
          { channel: 'whatsapp', provider: 'outbox' },
        ],
      },
    });
    renderWithProviders(<AdminSettingsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Notificações' }));
    expect(
      await screen.findByRole('switch', { name: /Notificações por SMS\s*Conectado \(Twilio\)/ }),
    ).toBeDefined();
    expect(
      screen.getByRole('switch', {
        name: /Notificações por WhatsApp\s*Entregue na caixa de saída local/,
      }),
    ).toBeDefined();
    expect(screen.queryByText('Ainda não conectado')).toBeNull();
  });

  it('refuses an amount that is not money before asking the server', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/settings': { body: defaults },
    });
    renderWithProviders(<AdminSettingsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Taxas' }));
    const min = screen.getByLabelText('Saque mínimo (R$)');
    await userEvent.clear(min);
    await userEvent.type(min, 'dez');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Valores inválidos.')).toBeDefined();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
