import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ServiceMaintenanceNotice } from './service-maintenance-notice';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('maintenance notice for players', () => {
  it('shows the notice of the services that matter on the screen, with reason and end', async () => {
    const endsAt = inHours(2);
    const fetchMock = mockApi({
      'GET /api/public/maintenance': {
        body: {
          items: [
            {
              service: 'payment-pix',
              name: 'Pagamentos PIX',
              reason: 'Troca do certificado do provedor.',
              startsAt: inHours(-1),
              endsAt,
            },
            {
              service: 'analytics',
              name: 'Estatísticas',
              reason: 'Reindexação.',
              startsAt: inHours(-1),
              endsAt,
            },
          ],
        },
      },
    });
    renderWithProviders(<ServiceMaintenanceNotice services={['payment-pix', 'draws']} />);
    const notice = await screen.findByRole('status', { name: 'Manutenção: Pagamentos PIX' });
    expect(notice.textContent).toContain('Manutenção programada: Pagamentos PIX');
    expect(notice.textContent).toContain('Troca do certificado do provedor.');
    expect(notice.textContent).toContain('Previsão de término:');
    expect(screen.queryByText(/Estatísticas/)).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toContain('/api/public/maintenance');
  });

  it('shows nothing when no service of the screen is in maintenance or the end has passed', async () => {
    const fetchMock = mockApi({
      'GET /api/public/maintenance': {
        body: {
          items: [
            {
              service: 'draws',
              name: 'Sorteios',
              reason: 'Já terminou.',
              startsAt: inHours(-3),
              endsAt: inHours(-1),
            },
          ],
        },
      },
    });
    const { container } = renderWithProviders(<ServiceMaintenanceNotice services={['draws']} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});
