import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { RequireAuth } from './require-auth';

afterEach(() => vi.unstubAllGlobals());

describe('an account with a temporary password', () => {
  it(
    'sees only the password change until it sets its own, then the screen it asked for',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      let mustChange = true;
      const bodies: unknown[] = [];
      mockApi({
        'GET /api/me': () => ({
          body: { user: { ...regularUser, mustChangePassword: mustChange } },
        }),
        'POST /api/account/change-password': ({ body }) => {
          bodies.push(body);
          mustChange = false;
          return { body: { changed: true } };
        },
      });
      renderRoutes(
        [
          {
            element: <RequireAuth />,
            children: [{ path: '/dashboard', element: <h1>Painel</h1> }],
          },
        ],
        '/dashboard',
      );
      // The screen is loaded on demand.
      expect(
        await screen.findByRole('heading', { name: 'Defina sua senha' }, { timeout: 8000 }),
      ).toBeDefined();
      expect(screen.queryByRole('heading', { name: 'Painel' })).toBeNull();
      await user.type(screen.getByLabelText('Senha temporária'), 'Temp123456');
      await user.type(screen.getByLabelText('Nova senha'), 'MinhaSenha9');
      await user.type(screen.getByLabelText('Confirmar nova senha'), 'OutraSenha9');
      await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
      expect(await screen.findByText('As senhas não coincidem.')).toBeDefined();
      await user.clear(screen.getByLabelText('Confirmar nova senha'));
      await user.type(screen.getByLabelText('Confirmar nova senha'), 'MinhaSenha9');
      await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
      await waitFor(() =>
        expect(bodies).toEqual([{ currentPassword: 'Temp123456', newPassword: 'MinhaSenha9' }]),
      );
      expect(await screen.findByRole('heading', { name: 'Painel' })).toBeDefined();
    },
  );
});
