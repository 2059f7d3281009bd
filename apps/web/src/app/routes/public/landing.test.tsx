import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import LandingPage from './landing';

const stats = { users: 1234, openRooms: 5, draws: 42, prizesPaidCentavos: 123456 };

function renderLanding() {
  return renderRoutes([{ path: '/', element: <LandingPage /> }], '/');
}

describe('LandingPage', () => {
  it('shows the three feature cards with their exact titles', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } }, 'GET /api/public/stats': { body: stats } });
    renderLanding();
    for (const title of ['Sorteios ao Vivo', 'Salas Privadas', 'Prêmios Garantidos']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeDefined();
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await screen.findByRole('link', { name: /Começar Agora/ });
  });

  it("signed out: 'Começar Agora' and 'Criar Conta Grátis', both to /login", async () => {
    mockApi({ 'GET /api/me': { body: { user: null } }, 'GET /api/public/stats': { body: stats } });
    renderLanding();
    const hero = await screen.findByRole('link', { name: 'Começar Agora' });
    const bottom = screen.getByRole('link', { name: 'Criar Conta Grátis' });
    expect(hero.getAttribute('href')).toBe('/login');
    expect(bottom.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Ir para Dashboard' })).toBeNull();
  });

  it("signed in: 'Ir para Dashboard' and 'Acessar Dashboard', both to /dashboard", async () => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/public/stats': { body: stats },
    });
    renderLanding();
    const hero = await screen.findByRole('link', { name: 'Ir para Dashboard' });
    const bottom = screen.getByRole('link', { name: 'Acessar Dashboard' });
    expect(hero.getAttribute('href')).toBe('/dashboard');
    expect(bottom.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Começar Agora' })).toBeNull();
  });

  it('shows the real platform figures', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } }, 'GET /api/public/stats': { body: stats } });
    renderLanding();
    expect(await screen.findByText('Jogadores cadastrados')).toBeDefined();
    expect(screen.getByText('1.234')).toBeDefined();
    expect(screen.getByText('Salas abertas')).toBeDefined();
    expect(screen.getByText('Sorteios realizados')).toBeDefined();
    expect(screen.getByText('Prêmios pagos')).toBeDefined();
    expect(screen.getByText('R$ 1.234,56')).toBeDefined();
  });

  it('hides the figures when they cannot be read', async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      'GET /api/public/stats': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    renderLanding();
    await screen.findByRole('link', { name: 'Começar Agora' });
    await screen.findByText((_, element) => element?.id === 'recursos-titulo');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Jogadores cadastrados')).toBeNull();
    expect(screen.queryByRole('region', { name: 'A plataforma em números' })).toBeNull();
  });

  it('links to the verifiable draws', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } }, 'GET /api/public/stats': { body: stats } });
    renderLanding();
    await screen.findByRole('link', { name: 'Começar Agora' });
    expect(screen.getByRole('link', { name: /Verificar sorteios/ }).getAttribute('href')).toBe(
      '/sorteios',
    );
  });
});
