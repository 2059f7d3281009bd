import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreferences } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { NotificationsCard } from './notifications-card';

const routes = [{ path: '/profile', element: <NotificationsCard /> }];
const channel = (optedIn: boolean, enabledByPlatform: boolean) => ({
  optedIn,
  changedAt: null,
  source: null,
  enabledByPlatform,
});

describe('NotificationsCard', () => {
  it('saves the phone and the chosen channels; a channel the platform turned off cannot be switched on', async () => {
    const sent: unknown[] = [];
    let prefs: NotificationPreferences = {
      phone: null,
      sms: channel(false, false),
      whatsapp: channel(false, true),
      dailyLimit: 5,
    };
    mockApi({
      'GET /api/profile/notifications': () => ({ body: prefs }),
      'PUT /api/profile/notifications': ({ body }) => {
        sent.push(body);
        prefs = {
          ...prefs,
          phone: '+5511987654321',
          whatsapp: {
            ...prefs.whatsapp,
            optedIn: true,
            changedAt: '2026-03-01T15:00:00.000Z',
            source: 'profile',
          },
        };
        return { body: prefs };
      },
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    const sms = await screen.findByRole('switch', { name: 'SMS' });
    expect((sms as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Indisponível no momento: desativado pela plataforma.')).toBeTruthy();
    const whatsapp = screen.getByRole('switch', { name: 'WhatsApp' });
    expect((whatsapp as HTMLInputElement).checked).toBe(false);

    // Without a phone the consent is refused before anything is sent.
    await user.click(whatsapp);
    await user.click(screen.getByRole('button', { name: 'Salvar notificações' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Informe um celular com DDD para receber SMS ou WhatsApp.',
    );
    // A landline is not a mobile.
    await user.type(screen.getByLabelText('Celular (com DDD)'), '1140000000');
    await user.click(screen.getByRole('button', { name: 'Salvar notificações' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Celular inválido/);
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Celular (com DDD)'));
    await user.type(screen.getByLabelText('Celular (com DDD)'), '11987654321');
    expect(screen.getByLabelText<HTMLInputElement>('Celular (com DDD)').value).toBe(
      '(11) 98765-4321',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar notificações' }));
    await screen.findByText('Preferências de notificação salvas');
    expect(sent).toEqual([{ phone: '(11) 98765-4321', sms: false, whatsapp: true }]);
    expect(
      await screen.findByText(/^Autorizado em 01\/03\/2026 12:00 \(no perfil\)\.$/),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'WhatsApp' }).checked).toBe(true);
  });

  it('shows the server refusal in Portuguese', async () => {
    mockApi({
      'GET /api/profile/notifications': {
        body: {
          phone: '+5511987654321',
          sms: channel(false, true),
          whatsapp: channel(false, true),
          dailyLimit: 5,
        },
      },
      'PUT /api/profile/notifications': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'As notificações por SMS estão desativadas na plataforma.',
          },
        },
      },
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Salvar notificações' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'As notificações por SMS estão desativadas na plataforma.',
    );
  });
});
