import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AdminConnectionsTab from '.';

const list = {
  items: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      connection_name: 'Parceiro',
      connection_type: 'webhook',
      service_name: 'CRM',
      config_data: { url: 'https://crm.exemplo.com/hook', secret: '••••••••' },
      is_active: true,
      events: ['participation.confirmed'],
      created_at: '2026-11-23T12:00:00.000Z',
    },
  ],
  counts: { total: 1, active: 1, api: 0, webhook: 1 },
};

describe('admin connections tab', () => {
  it('shows the counters and masked config, and refuses invalid JSON in the dialog', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/connections': { body: list },
    });
    renderWithProviders(<AdminConnectionsTab />);
    expect(await screen.findByText('Parceiro')).toBeDefined();
    expect(screen.getByText(/••••••••/)).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Nova Conexão' }));
    await userEvent.type(screen.getByLabelText('Nome da conexão'), 'API');
    await userEvent.type(screen.getByLabelText('Serviço'), 'Status');
    const config = screen.getByLabelText('Configuração (JSON)');
    await userEvent.clear(config);
    await userEvent.type(config, 'nao e json');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(screen.getByText('A configuração deve ser um JSON válido (um objeto).')).toBeDefined();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
