import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { accountApi } from '../test-data';
import { SecurityTab } from './security-tab';

const routes = [{ path: '/profile', element: <SecurityTab /> }];
const totpURI =
  'otpauth://totp/Sorteio%20Certo:maria%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Sorteio%20Certo';
const backupCodes = Array.from({ length: 10 }, (_, i) => `CODE${String(i).padStart(2, '0')}`);

describe('SecurityTab', () => {
  it('sets up 2FA: password, QR code, code checked, backup codes shown once', async () => {
    let enabled = false;
    let acceptCode = false;
    const enable = vi.fn(({ body }: { body: unknown }) => {
      void body;
      return { body: { totpURI, backupCodes } };
    });
    const verify = vi.fn(() => {
      if (!acceptCode) {
        return {
          status: 401,
          body: {
            error: { code: 'UNAUTHENTICATED', message: 'Invalid code', reason: 'INVALID_CODE' },
          },
        };
      }
      enabled = true;
      return { body: { token: 't' } };
    });
    mockApi({
      ...accountApi(),
      'GET /api/profile/2fa': () => ({ body: { enabled, pendingSetup: !enabled } }),
      'POST /api/auth/two-factor/enable': enable,
      'POST /api/auth/two-factor/verify-totp': verify,
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();

    expect(await screen.findByText('Inativo')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Configurar 2FA' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirme sua senha para configurar o 2FA',
    });
    await user.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    expect(enable.mock.calls[0]?.[0].body).toEqual({ password: 'segredo1' });
    const qr = await screen.findByRole('img', {
      name: 'QR code para configurar o 2FA no aplicativo autenticador',
    });
    // Only a secret exists: nothing is 'Configurado' until a code is checked.
    expect(screen.queryByText('2FA Configurado')).toBeNull();
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeDefined();
    // The same phone: the link opens the authenticator app with the account's URI.
    expect(
      screen.getByRole('link', { name: 'Abrir no app autenticador' }).getAttribute('href'),
    ).toBe(totpURI);
    const writeKey = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: writeKey },
      configurable: true,
    });
    await user.click(screen.getByRole('button', { name: 'Copiar chave' }));
    expect(writeKey).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    expect(await screen.findByText('Chave copiada')).toBeDefined();

    const code = screen.getByLabelText('Código de 6 dígitos');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Ativar 2FA' }));
    expect(await screen.findByText('Código inválido')).toBeDefined();
    expect(screen.getByText('O código informado está incorreto ou expirou.')).toBeDefined();
    expect(screen.queryByRole('list', { name: 'Códigos de backup' })).toBeNull();

    acceptCode = true;
    await user.click(screen.getByRole('button', { name: 'Ativar 2FA' }));
    expect(await screen.findByText('2FA Ativado')).toBeDefined();
    expect(screen.queryByText('2FA Configurado')).toBeNull();
    const list = screen.getByRole('list', { name: 'Códigos de backup' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(backupCodes);
    expect(screen.getByText('Eles não serão mostrados novamente.')).toBeDefined();

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copiar códigos' }));
    expect(writeText).toHaveBeenCalledWith(backupCodes.join('\n'));

    await user.click(screen.getByRole('button', { name: 'Já guardei meus códigos' }));
    expect(await screen.findByText('2FA Configurado')).toBeDefined();
    expect(await screen.findByText('Ativo')).toBeDefined();
    expect(screen.queryByText('CODE00')).toBeNull();
    expect(screen.getByRole('button', { name: 'Desativar 2FA' })).toBeDefined();
  });

  it('takes staff sent by the admin guard back to the admin page once the codes are saved', async () => {
    let enabled = false;
    mockApi({
      ...accountApi(),
      'GET /api/profile/2fa': () => ({ body: { enabled, pendingSetup: false } }),
      'POST /api/auth/two-factor/enable': { body: { totpURI, backupCodes } },
      'POST /api/auth/two-factor/verify-totp': () => {
        enabled = true;
        return { body: { token: 't' } };
      },
    });
    const { router } = renderRoutes(
      [...routes, { path: '/admin', element: <h1>Painel do admin</h1> }],
      '/profile?tab=seguranca&next=%2Fadmin%3Ftab%3Dusers',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Configurar 2FA' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirme sua senha para configurar o 2FA',
    });
    await user.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Ativar 2FA' }));
    await user.click(await screen.findByRole('button', { name: 'Já guardei meus códigos' }));
    expect(await screen.findByRole('heading', { name: 'Painel do admin' })).toBeDefined();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin?tab=users',
    );
  });

  it('turns 2FA off with a code', async () => {
    let enabled = true;
    const disable = vi.fn(({ body }: { body: unknown }) => {
      void body;
      enabled = false;
      return { body: { enabled: false } };
    });
    mockApi({
      ...accountApi(),
      'GET /api/profile/2fa': () => ({ body: { enabled, pendingSetup: false } }),
      'POST /api/profile/2fa/disable': disable,
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '654321');
    await user.click(screen.getByRole('button', { name: 'Desativar 2FA' }));
    expect(await screen.findByText('2FA Desativado')).toBeDefined();
    expect(disable.mock.calls[0]?.[0].body).toEqual({ code: '654321' });
    expect(await screen.findByRole('button', { name: 'Configurar 2FA' })).toBeDefined();
  });

  it('refuses a wrong code when turning 2FA off', async () => {
    mockApi({
      ...accountApi(),
      'GET /api/profile/2fa': { body: { enabled: true, pendingSetup: false } },
      'POST /api/profile/2fa/disable': {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST',
            message: 'O código informado está incorreto ou expirou.',
            reason: 'INVALID_CODE',
          },
        },
      },
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '000000');
    await user.click(screen.getByRole('button', { name: 'Desativar 2FA' }));
    expect(await screen.findByText('Código inválido')).toBeDefined();
    expect(screen.getByText('Ativo')).toBeDefined();
  });
});
