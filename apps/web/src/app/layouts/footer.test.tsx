import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicConfig } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { Footer } from './footer';

const publicConfig = {
  'GET /api/public/config': { body: makePublicConfig('Exemplo Sorteios Ltda.') },
};

describe('Footer', () => {
  it('links the Termos de Uso and the Regulamento next to the other pages', async () => {
    mockApi(publicConfig);
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    const nav = await screen.findByRole('navigation', { name: 'Rodapé' });
    expect(within(nav).getByRole('link', { name: 'Termos de Uso' }).getAttribute('href')).toBe(
      '/termos',
    );
    expect(within(nav).getByRole('link', { name: 'Regulamento' }).getAttribute('href')).toBe(
      '/regulamento',
    );
    expect(within(nav).getByRole('link', { name: 'Privacidade' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('shows the operating company with its CNPJ formatted', async () => {
    mockApi(publicConfig);
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    expect(await screen.findByText('Exemplo Sorteios Ltda.')).toBeDefined();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('CNPJ 11.444.777/0001-61');
    expect(footer.textContent).toContain('Rua Exemplo, 10, Centro, Curitiba - PR, 80000-000');
  });

  it('states the authorisation with the link to its public record', async () => {
    mockApi(publicConfig);
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    const statement = await screen.findByTestId('operator-authorization');
    expect(statement.textContent).toContain(
      'Autorizado por Secretaria de Prêmios e Apostas, Portaria SPA/MF nº 1.234, de 15/03/2026.',
    );
    expect(statement.textContent).not.toContain('demonstração');
    expect(
      within(statement)
        .getByRole('link', { name: 'Ver registro público da autorização' })
        .getAttribute('href'),
    ).toBe('https://www.gov.br/fazenda/registro/1234');
  });

  it('marks demonstration values and says so when there is no authorisation', async () => {
    const demo = structuredClone(publicConfig);
    demo['GET /api/public/config'].body.operator.authorization.demonstration = true;
    mockApi(demo);
    const { unmount } = renderRoutes([{ path: '/', element: <Footer /> }], '/');
    expect((await screen.findByTestId('operator-authorization')).textContent).toContain(
      'Dados de demonstração: não correspondem a uma autorização real.',
    );
    unmount();
    const none = structuredClone(publicConfig) as {
      'GET /api/public/config': { body: { operator: { authorization: unknown } } };
    };
    none['GET /api/public/config'].body.operator.authorization = null;
    mockApi(none);
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    const statement = await screen.findByTestId('operator-authorization');
    expect(statement.textContent).toBe(
      'O operador não informou uma autorização para explorar sorteios nesta instalação.',
    );
    expect(within(statement).queryByRole('link')).toBeNull();
  });

  it('still renders its links when the configuration cannot be read', async () => {
    mockApi({});
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    expect(await screen.findByRole('link', { name: 'Termos de Uso' })).toBeDefined();
    expect(screen.getByRole('contentinfo').textContent).not.toContain('CNPJ');
  });
});
