import { screen, waitFor } from '@testing-library/react';
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
    await userEvent.click(screen.getByRole('button', { name: 'Nova conexão' }));
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

  it('sends the typed connection with the chosen events', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/connections': { body: list },
      'POST /api/admin/connections': ({ body }) => {
        bodies.push(body);
        return { body: { connection: list.items[0], signingSecret: null } };
      },
    });
    renderWithProviders(<AdminConnectionsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nova conexão' }));
    await userEvent.type(screen.getByLabelText('Nome da conexão'), 'Parceiro 2');
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'webhook');
    await userEvent.type(screen.getByLabelText('Serviço'), 'CRM');
    await userEvent.click(screen.getByLabelText('Sala cheia'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      connection_name: 'Parceiro 2',
      connection_type: 'webhook',
      service_name: 'CRM',
      config_data: '{\n  "url": "https://"\n}',
      is_active: true,
      events: ['room.full'],
    });
  });
});
