import type { ReactElement } from 'react';
import { legalDocuments } from '@sorteio/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import RulesPage from './rules';
import TermsPage from './terms';

afterEach(() => {
  cleanup();
});

function renderPage(ui: ReactElement) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
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
