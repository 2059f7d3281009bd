import type { ReactElement } from 'react';
import { legalDocuments } from '@sorteio/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { makePublicConfig, makePublicSettings } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';

import RulesPage from './rules';
import TermsPage from './terms';

afterEach(() => {
  cleanup();
});

const publicSettings = makePublicSettings();

beforeEach(() => {
  mockApi({ 'GET /api/public/settings': { body: publicSettings } });
});

const publicConfig = makePublicConfig();

function renderPage(ui: ReactElement) {
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

function dayOf(iso: string) {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

describe.each([
  ['Termos de Uso', <TermsPage key="t" />, legalDocuments.termos],
  ['Regulamento dos Sorteios', <RulesPage key="r" />, legalDocuments.regulamento],
])('%s', (title, page, doc) => {
  it('has one h1, the version and the effective date', () => {
    renderPage(page);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual([title]);
    expect(
      screen.getByText(`Versão ${doc.version} · Em vigor desde ${dayOf(doc.effectiveDate)}`),
    ).toBeDefined();
  });

  it('states the operator and its authorisation with the public record', async () => {
    mockApi({
      'GET /api/public/settings': { body: publicSettings },
      'GET /api/public/config': { body: publicConfig },
    });
    renderPage(page);
    const standing = await screen.findByTestId('legal-standing');
    expect(standing.textContent).toContain('Exemplo Sorteios S.A., CNPJ 11.444.777/0001-61');
    expect(standing.textContent).toContain(
      'Autorizado por Secretaria de Prêmios e Apostas, Portaria SPA/MF nº 1.234, de 15/03/2026.',
    );
    expect(
      screen
        .getByRole('link', { name: 'Ver registro público da autorização' })
        .getAttribute('href'),
    ).toBe('https://www.gov.br/fazenda/registro/1234');
  });

  it('states the age limit and links privacy and the other document', () => {
    renderPage(page);
    const text =
      doc.title === 'Termos de Uso' ? /proibida para menores de 18 anos/ : /18 anos ou mais/;
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/privacy');
    expect(hrefs).toContain(
      doc.path === '/termos' ? legalDocuments.regulamento.path : legalDocuments.termos.path,
    );
  });
});

describe('what the documents say', () => {
  it('Regulamento: fees, draw, PIX hold, prize fallback, refunds and disputes', () => {
    renderPage(<RulesPage />);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/15%/);
    expect(text).toMatch(/10%/);
    expect(text).toMatch(/30 minutos/);
    expect(text).toMatch(/compromisso/);
    expect(text).toMatch(/pelo menos 2 entradas confirmadas/);
    expect(text).toMatch(/creditado no Saldo/);
    expect(text).toMatch(/reembolsada integralmente/);
    expect(text).toMatch(/10 dias úteis/);
    expect(
      screen.getAllByRole('link', { name: 'Sorteios verificáveis' })[0]?.getAttribute('href'),
    ).toBe('/sorteios');
  });

  it('Regulamento: how the fee is chosen, with the live default fees of the settings', async () => {
    mockApi({
      'GET /api/public/settings': {
        body: { ...publicSettings, platformFeeBp: 1750, privateRoomFeeBp: 1250 },
      },
    });
    renderPage(<RulesPage />);
    expect(await screen.findByText('17,5%')).toBeDefined();
    expect(screen.getByText('12,5%')).toBeDefined();
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/taxa própria/);
    expect(text).toMatch(/Taxa da Plataforma \(percentual e valor\)/);
    expect(text).toMatch(/arredondado ao centavo/);
  });

  it('Termos: Cashback is not withdrawable, withdrawal limits, responsible play', () => {
    renderPage(<TermsPage />);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/não pode ser sacado/);
    expect(text).toMatch(/R\$ 10,00/);
    expect(text).toMatch(/R\$ 10\.000,00/);
    expect(text).toMatch(/autoexclusão/);
    expect(screen.getByRole('link', { name: 'Jogo Responsável' }).getAttribute('href')).toBe(
      '/jogo-responsavel',
    );
  });
});
