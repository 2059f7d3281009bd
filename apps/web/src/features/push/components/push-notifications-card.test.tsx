import { pushMessages } from '@sorteio/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { PushNotificationsCard } from './push-notifications-card';

const KEY = 'B'.repeat(87);
const ENDPOINT = 'https://push.example.com/send/abc';

/** A browser with a service worker and the Push API, in memory. */
function fakePushBrowser(permissionAfterAsking: NotificationPermission) {
  let subscription: PushSubscription | null = null;
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: ENDPOINT,
      toJSON: () => ({
        endpoint: ENDPOINT,
        expirationTime: null,
        keys: { p256dh: 'p', auth: 'a' },
      }),
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  };
  const notification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      notification.permission = permissionAfterAsking;
      return permissionAfterAsking;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: vi.fn(),
      ready: Promise.resolve(registration),
    },
  });
  return { subscribe, notification };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

describe('Receber notificações no celular', () => {
  it('asks permission on the tap, subscribes this device and sends it to the server', async () => {
    const user = userEvent.setup();
    const { subscribe, notification } = fakePushBrowser('granted');
    const saved: unknown[] = [];
    mockApi({
      'GET /api/push/public-key': { body: { publicKey: KEY } },
      'POST /api/push/subscriptions': ({ body }) => {
        saved.push(body);
        return { body: { subscribed: true } };
      },
      'DELETE /api/push/subscriptions': { body: { subscribed: false } },
    });
    renderWithProviders(<PushNotificationsCard />);
    expect(screen.getByRole('heading', { name: pushMessages.cardTitle })).toBeDefined();
    const toggle = screen.getByRole('switch', { name: pushMessages.switchLabel });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);

    await user.click(toggle);
    expect(await screen.findByText(pushMessages.enabled)).toBeDefined();
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(saved).toEqual([
      { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
    ]);
    expect((toggle as HTMLInputElement).checked).toBe(true);

    await user.click(toggle);
    expect(await screen.findByText(pushMessages.disabled)).toBeDefined();
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('says how to allow them when the person refuses', async () => {
    const user = userEvent.setup();
    fakePushBrowser('denied');
    mockApi({});
    renderWithProviders(<PushNotificationsCard />);
    const toggle = screen.getByRole('switch', { name: pushMessages.switchLabel });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await user.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(pushMessages.denied);
  });

  it('explains when this browser cannot receive them', async () => {
    mockApi({});
    renderWithProviders(<PushNotificationsCard />);
    expect(await screen.findByText(pushMessages.unsupported)).toBeDefined();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: pushMessages.switchLabel });
    expect(toggle.disabled).toBe(true);
  });
});
