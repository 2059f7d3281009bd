import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataExportState } from '@sorteio/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { PrivacyDataCard } from './privacy-data-card';

const routes = [{ path: '/profile', element: <PrivacyDataCard /> }];
const job = {
  id: '4b0e3a57-4c0b-4b47-9c55-7f2f4e8f0a11',
  includeImages: false,
  requestedAt: '2026-11-27T12:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  fileName: null,
};
const state = (over: Partial<DataExportState>): DataExportState => ({
  rowCount: 9000,
  largeThreshold: 5000,
  large: true,
  ttlHours: 48,
  latest: null,
  ...over,
});

describe('PrivacyDataCard', () => {
  it('downloads at once for a small account, as a zip when the images are asked for', async () => {
    mockApi({ 'GET /api/profile/export/estado': { body: state({ rowCount: 12, large: false }) } });
    renderRoutes(routes, '/profile');
    const link = await screen.findByRole('link', { name: 'Baixar meus dados' });
    expect(link.getAttribute('href')).toBe('/api/profile/export');
    await userEvent
      .setup()
      .click(screen.getByRole('checkbox', { name: /Incluir as imagens dos documentos/ }));
    expect(link.getAttribute('href')).toBe('/api/profile/export?incluirImagens=true');
    expect(link.getAttribute('download')).toBe('meus-dados-sorteio-certo.zip');
  });

  it('asks a large account to prepare the export, with the images choice', async () => {
    const ask = vi.fn(() => ({ body: { ...job, status: 'pendente', includeImages: true } }));
    mockApi({
      'GET /api/profile/export/estado': { body: state({}) },
      'POST /api/profile/export/pedidos': ask,
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Incluir as imagens/ }));
    await user.click(screen.getByRole('button', { name: 'Pedir exportação' }));
    expect(ask).toHaveBeenCalledWith(expect.objectContaining({ body: { incluirImagens: true } }));
    // The summary is prepared with the export: not offered before.
    expect(screen.queryByRole('link', { name: 'Ver resumo para imprimir' })).toBeNull();
  });

  it('shows "preparing", then the link with its expiry in Brasília time, then "expired"', async () => {
    mockApi({
      'GET /api/profile/export/estado': {
        body: state({ latest: { ...job, status: 'processando' } }),
      },
    });
    const first = renderRoutes(routes, '/profile');
    expect(await screen.findByText(/Preparando sua exportação…/)).toBeDefined();
    first.unmount();

    mockApi({
      'GET /api/profile/export/estado': {
        body: state({
          latest: {
            ...job,
            status: 'pronta',
            readyAt: '2026-11-27T12:05:00.000Z',
            expiresAt: '2026-11-29T12:05:00.000Z',
            fileName: 'meus-dados-sorteio-certo.json',
          },
        }),
      },
    });
    const second = renderRoutes(routes, '/profile');
    const link = await screen.findByRole('link', { name: 'Baixar exportação' });
    expect(link.getAttribute('href')).toBe(`/api/profile/export/pedidos/${job.id}/arquivo`);
    expect(screen.getByText(/Disponível até 29\/11\/2026 09:05/)).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Ver resumo para imprimir' }).getAttribute('href'),
    ).toBe('/api/profile/export/resumo');
    second.unmount();

    mockApi({
      'GET /api/profile/export/estado': {
        body: state({
          latest: { ...job, status: 'expirada', expiresAt: '2026-11-29T12:05:00.000Z' },
        }),
      },
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText(/expirou em 29\/11\/2026 09:05/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Pedir exportação' })).toBeDefined();
  });
});
