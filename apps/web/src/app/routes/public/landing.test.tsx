import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, regularUser } from '@/test/mock-api';
import { makePublicConfig } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import LandingPage from './landing';

const stats = { users: 1234, openRooms: 5, draws: 42, prizesPaidCentavos: 123456 };

function renderLanding() {
  return renderRoutes([{ path: '/', element: <LandingPage /> }], '/');
}

const publicConfig = makePublicConfig();

describe('LandingPage', () => {
  it('answers "é legal?" on the page: the operator and its authorisation, with the record', async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      'GET /api/public/stats': { body: stats },
      'GET /api/public/config': { body: publicConfig },
    });
    renderLanding();
    const section = await screen.findByRole('region', { name: 'Situação legal' });
    expect(section.textContent).toContain('Exemplo Sorteios S.A., CNPJ 11.444.777/0001-61.');
    expect(section.textContent).toContain(
      'Autorizado por Secretaria de Prêmios e Apostas, Portaria SPA/MF nº 1.234, de 15/03/2026.',
    );
    expect(
      screen
        .getByRole('link', { name: 'Ver registro público da autorização' })
        .getAttribute('href'),
    ).toBe('https://www.gov.br/fazenda/registro/1234');
  });

  it('shows the three feature cards with their exact titles', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } }, 'GET /api/public/stats': { body: stats } });
    renderLanding();
    for (const title of ['Sorteios ao Vivo', 'Salas Privadas', 'Prêmios Garantidos']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeDefined();
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await screen.findByRole('link', { name: /Começar Agora/ });
  });

  it("signed out: 'Começar Agora' and 'Criar Conta Grátis', both to /register", async () => {
    mockApi({ 'GET /api/me': { body: { user: null } }, 'GET /api/public/stats': { body: stats } });
    renderLanding();
    const hero = await screen.findByRole('link', { name: 'Começar Agora' });
    const bottom = screen.getByRole('link', { name: 'Criar Conta Grátis' });
    expect(hero.getAttribute('href')).toBe('/register');
    expect(bottom.getAttribute('href')).toBe('/register');
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
