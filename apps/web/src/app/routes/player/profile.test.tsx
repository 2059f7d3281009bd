import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import ProfilePage from './profile';

describe('profile page', () => {
  it('asks a signed-out visitor to sign in', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    renderRoutes([{ path: '/profile', element: <ProfilePage /> }], '/profile');
    expect(
      await screen.findByText('Você precisa estar logado para acessar o perfil.'),
    ).toBeDefined();
  });
});
