import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderLanding } from '@/prerender';
import { makePublicSettings } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { hasShape, loadLandingData } from './landing-data';
import { LandingIsland, type StartApp } from './landing-island';

const stats = { users: 1234, openRooms: 5, draws: 42, prizesPaidCentavos: 123456 };
const config = {
  pixProvider: 'simulator',
  mailOutbox: true,
  supportEmail: 'suporte@example.com',
  supportWhatsapp: '',
  operator: {
    name: 'Sorteio Certo Ltda.',
    cnpj: '11222333000181',
    address: 'Rua A, 1',
    authorization: null,
  },
  version: '0.1.0',
};
const settings = makePublicSettings();

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
});

/** Puts the build's markup in the page and hydrates it as landing-main.tsx does. */
function hydrateLanding(startApp: StartApp = vi.fn()) {
  const requests = loadLandingData();
  const onRecoverableError = vi.fn();
  container = document.createElement('div');
  container.innerHTML = renderLanding();
  document.body.append(container);
  act(() => {
    root = hydrateRoot(
      container!,
      <StrictMode>
        <LandingIsland startApp={startApp} requests={requests} />
      </StrictMode>,
      { onRecoverableError },
    );
  });
  return { onRecoverableError, startApp };
}

function mockPublicApi() {
  const answers = {
    'GET /api/public/stats': { body: stats },
    'GET /api/public/config': { body: config },
    'GET /api/public/settings': { body: settings },
  };
  return mockApi(answers);
}

describe('the prerendered landing page', () => {
  it('carries the headline, the sections and real links, and no inline script', () => {
    const html = renderLanding();
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Sorteios com PIX que você pode verificar');
    const titles = [...page.querySelectorAll('h3')].map((h) => h.textContent);
    expect(titles).toEqual(expect.arrayContaining(['Sorteios ao Vivo', 'Salas Privadas']));
    const tutorial = [...page.querySelectorAll('a')].find(
      (a) => a.textContent === 'Ver como funciona',
    );
    expect(tutorial?.getAttribute('href')).toBe('/tutorial');
    // The CSP allows no inline script: the markup must carry none.
    expect(html).not.toMatch(/<script/i);
    // The figures are read after hydration: a placeholder until then.
    expect(html).toContain('Carregando números da plataforma...');
    // The server sends this page only without a session cookie: the signed-out buttons are in it.
    const links = [...page.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Entrar', '/login'],
        ['Começar Agora', '/register'],
      ]),
    );
  });

  it('hydrates without a mismatch, then fills the figures and the buttons', async () => {
    mockPublicApi();
    const errors = vi.spyOn(console, 'error');
    const { onRecoverableError, startApp } = hydrateLanding();
    expect(await screen.findByText('1.234')).toBeDefined();
    expect(await screen.findByRole('link', { name: /Começar Agora/ })).toBeDefined();
    // The operator appears in the footer and in the landing's "Situação legal".
    expect(screen.getAllByText('Sorteio Certo Ltda.')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Situação legal' }).textContent).toContain(
      'O operador não informou uma autorização para explorar sorteios nesta instalação.',
    );
    expect(screen.getAllByText(/11\.222\.333\/0001-81/)).toHaveLength(2);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(startApp).not.toHaveBeenCalled();
  });

  it('hands a plain click on an in-app link to the app, at that path', async () => {
    mockPublicApi();
    const { startApp } = hydrateLanding();
    await screen.findByRole('link', { name: /Começar Agora/ });
    await userEvent.click(screen.getByRole('link', { name: 'Ver como funciona' }));
    expect(startApp).toHaveBeenCalledTimes(1);
    expect(startApp).toHaveBeenCalledWith(
      expect.objectContaining({
        navigateTo: '/tutorial',
        data: expect.objectContaining({ stats }),
      }),
    );
  });

  it('starts the app in maintenance mode, which shows the maintenance page', async () => {
    mockApi({
      'GET /api/public/stats': { body: stats },
      'GET /api/public/config': { body: config },
      'GET /api/public/settings': { body: { ...settings, maintenanceMode: true } },
    });
    const { startApp } = hydrateLanding();
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
  });

  it('hides the figures when they cannot be read, as the app does', async () => {
    mockApi({
      'GET /api/public/config': { body: config },
      'GET /api/public/settings': { body: settings },
      'GET /api/public/stats': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    hydrateLanding();
    await waitFor(() =>
      expect(screen.queryByText('Carregando números da plataforma...')).toBeNull(),
    );
    expect(screen.queryByRole('heading', { name: 'A plataforma em números' })).toBeNull();
  });

  it('does not read the session: the server sends this page only to signed-out visitors', async () => {
    const fetches = mockPublicApi();
    const { startApp } = hydrateLanding();
    expect(await screen.findByText('1.234')).toBeDefined();
    const paths = fetches.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(paths).toEqual(
      expect.arrayContaining(['/api/public/settings', '/api/public/config', '/api/public/stats']),
    );
    expect(paths).not.toContain('/api/me');
    expect(startApp).not.toHaveBeenCalled();
  });

  it("ignores an answer that does not have the contract's shape, as the app would", async () => {
    mockApi({
      'GET /api/public/config': { body: config },
      'GET /api/public/settings': { body: settings },
      'GET /api/public/stats': { body: { users: '1234' } },
    });
    hydrateLanding();
    await waitFor(() =>
      expect(screen.queryByText('Carregando números da plataforma...')).toBeNull(),
    );
    expect(screen.queryByText('1.234')).toBeNull();
  });
});

describe('hasShape', () => {
  it('checks every field and nested object, allowing extra fields', () => {
    const shape = { a: 'string', n: { b: 'number' } } as const;
    expect(hasShape({ a: 'x', n: { b: 1 }, extra: true }, shape)).toBe(true);
    expect(hasShape({ a: 'x', n: { b: '1' } }, shape)).toBe(false);
    expect(hasShape({ a: 'x' }, shape)).toBe(false);
    expect(hasShape(null, shape)).toBe(false);
  });
});
