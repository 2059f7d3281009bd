import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { accountApi, log } from '../test-data';
import { SecurityLogsTab } from './security-logs-tab';

const routes = [{ path: '/profile', element: <SecurityLogsTab /> }];

describe('SecurityLogsTab', () => {
  it('lists the events newest first with label, IP, place, date and device', async () => {
    mockApi({
      ...accountApi(),
      'GET /api/profile/security-logs': {
        body: [
          log({ id: 'old', actionType: 'profile_update', timestamp: '2025-01-01T12:00:00.000Z' }),
          log({
            id: 'new',
            actionType: 'login',
            timestamp: '2025-01-02T15:30:00.000Z',
            isSuspicious: true,
            suspiciousReason: 'Login de um país diferente do habitual',
          }),
          log({
            id: 'undated',
            actionType: '2fa_enabled',
            timestamp: null,
            city: null,
            region: null,
          }),
        ],
      },
    });
    renderRoutes(routes, '/profile');
    const list = await screen.findByRole('list', { name: 'Eventos de segurança' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    expect(items[0]?.textContent).toContain('Login realizado');
    expect(items[0]?.textContent).toContain('02/01/2025 12:30');
    expect(items[0]?.textContent).toContain('IP: 200.100.50.25');
    expect(items[0]?.textContent).toContain('São Paulo, SP');
    expect(items[0]?.textContent).toContain('Chrome 120 · Windows');
    const badge = within(items[0]!).getByText('Suspeito');
    expect(badge.closest('[title]')?.getAttribute('title')).toBe(
      'Login de um país diferente do habitual',
    );

    expect(items[1]?.textContent).toContain('Perfil atualizado');
    expect(within(items[1]!).queryByText('Suspeito')).toBeNull();

    expect(items[2]?.textContent).toContain('2FA ativado');
    expect(items[2]?.textContent).toContain('Data não disponível');
    expect(items[2]?.textContent).toContain('Localização não identificada');
  });

  it("shows the team's read of the documents with its date and without the staff's address", async () => {
    mockApi({
      ...accountApi(),
      'GET /api/profile/security-logs': {
        body: [
          log({
            id: 'staff',
            actionType: 'staff_document_access',
            timestamp: '2025-03-04T13:05:00.000Z',
            ipAddress: null,
            city: null,
            region: null,
            country: null,
            userAgent: null,
          }),
        ],
      },
    });
    renderRoutes(routes, '/profile');
    const list = await screen.findByRole('list', { name: 'Eventos de segurança' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item?.textContent).toContain('A equipe consultou seus documentos');
    expect(item?.textContent).toContain('04/03/2025 10:05');
    expect(item?.textContent).toContain('Consulta feita pela equipe');
    expect(item?.textContent).not.toContain('IP:');
  });

  it('says when there is no event', async () => {
    mockApi(accountApi());
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Nenhum log de segurança encontrado')).toBeDefined();
  });
});
