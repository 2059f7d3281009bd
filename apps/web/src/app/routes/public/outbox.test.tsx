import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';

const config = (mailOutbox: boolean) => ({
  'GET /api/public/config': {
    body: {
      pixProvider: 'simulator',
      mailOutbox,
      supportEmail: 'suporte@example.com',
      supportWhatsapp: '+55 11 99999-9999',
      operator: {
        name: 'Exemplo Ltda.',
        cnpj: '11222333000181',
        address: 'Rua A, 1',
        authorization: null,
      },
      version: '0.1.0',
    },
  },
});

const summaries = [
  { id: 'old', to: 'ana@example.com', subject: 'Antigo', createdAt: '2025-01-01T12:00:00.000Z' },
  {
    id: 'new',
    to: 'bia@example.com',
    subject: 'Confirme seu e-mail',
    createdAt: '2025-01-02T15:30:00.000Z',
  },
];

const message = {
  ...summaries[1],
  text: 'Olá! Confirme em https://sorteio.test/confirmar?token=abc',
  html: '<p>Olá! <a href="https://sorteio.test/confirmar?token=abc">Confirmar</a></p>',
};

const base = {
  'GET /api/me': { body: { user: null } },
  'GET /api/dev/outbox': { body: summaries },
  'GET /api/dev/outbox/new': { body: message },
};

describe('outbox page', () => {
  it('answers 404 when the server sends real mail', async () => {
    mockApi({ ...base, ...config(false) });
    renderRoutes(routes, '/outbox');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Página não encontrada' },
        { timeout: 3000 },
      ),
    ).toBeDefined();
  });

  it('lists the messages newest first with recipient, subject and date', async () => {
    mockApi({ ...base, ...config(true) });
    renderRoutes(routes, '/outbox');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Caixa de saída de e-mails' },
        { timeout: 3000 },
      ),
    ).toBeDefined();
    expect(screen.getByText(/nenhum servidor SMTP/)).toBeDefined();
    const region = screen.getByRole('region', { name: 'E-mails enviados' });
    const list = await within(region).findByRole('list');
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/outbox/new', '/outbox/old']);
    expect(items[0]?.textContent).toContain('Confirme seu e-mail');
    expect(items[0]?.textContent).toContain('Para: bia@example.com');
    expect(items[0]?.textContent).toContain('02/01/2025 12:30');
  });

  it('shows one message: sandboxed HTML, and a text version with clickable links', async () => {
    const user = userEvent.setup();
    mockApi({ ...base, ...config(true) });
    renderRoutes(routes, '/outbox/new');
    const frame = await screen.findByTitle(
      'Versão HTML: Confirme seu e-mail',
      {},
      { timeout: 3000 },
    );
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(message.html);

    await user.click(screen.getByRole('tab', { name: 'Texto' }));
    const link = await screen.findByRole('link', {
      name: 'https://sorteio.test/confirmar?token=abc',
    });
    expect(link.getAttribute('href')).toBe('https://sorteio.test/confirmar?token=abc');
  });

  it('shows the SMS and WhatsApp kept locally, and nothing of them when the server has none', async () => {
    const sms = {
      id: 'm1',
      channel: 'sms',
      userId: 'u-1',
      userEmail: 'bia@example.com',
      toPhone: '+5511987654321',
      event: 'pix_confirmed',
      template: 'pix_confirmado',
      body: 'Sorteio Certo: PIX de R$ 10,00 confirmado. Responda SAIR para não receber mais SMS.',
      provider: 'outbox',
      providerMessageId: 'outbox-1',
      status: 'delivered',
      attempts: 1,
      error: null,
      queuedAt: '2025-01-02T15:30:00.000Z',
      sentAt: '2025-01-02T15:30:00.000Z',
      deliveredAt: '2025-01-02T15:30:00.000Z',
      readAt: null,
      failedAt: null,
    };
    mockApi({ ...base, ...config(true), 'GET /api/dev/outbox-messages': { body: [sms] } });
    const { unmount } = renderRoutes(routes, '/outbox');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'SMS e WhatsApp' }, { timeout: 3000 })
    ).closest('section') as HTMLElement;
    expect(within(section).getByText('SMS')).toBeDefined();
    expect(within(section).getByText('+5511987654321')).toBeDefined();
    expect(within(section).getByText(/PIX de R\$ 10,00 confirmado/)).toBeDefined();
    unmount();

    // Both channels have a provider: the route answers 404 and the section is not there.
    const fetchMock = mockApi({ ...base, ...config(true) });
    renderRoutes(routes, '/outbox');
    await screen.findAllByRole('link', { name: /Confirme seu e-mail/ }, { timeout: 3000 });
    await waitFor(() => {
      expect(
        fetchMock.mock.calls.some(
          ([url]) => typeof url === 'string' && url.includes('outbox-messages'),
        ),
      ).toBe(true);
    });
    await waitFor(() => {
      expect(fetchMock.mock.results.every((r) => r.type === 'return')).toBe(true);
    });
    expect(screen.queryByRole('heading', { name: 'SMS e WhatsApp' })).toBeNull();
  });
});
