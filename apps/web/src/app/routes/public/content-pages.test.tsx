import type { ReactElement } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { contact } from '@/lib/contact';

import PrivacyPage from './privacy';
import TutorialPage from './tutorial';

afterEach(() => {
  cleanup();
});

function renderPage(ui: ReactElement) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

function hrefOf(element: HTMLElement): string | null {
  return element.getAttribute('href');
}

describe('contact', () => {
  it('exposes the official contact channels', () => {
    expect(contact).toEqual({
      email: 'suporte@sorteiocerto.com.br',
      whatsapp: '(11) 4000-0000',
      whatsappLink: 'https://wa.me/551140000000',
      dpoEmail: 'privacidade@sorteiocerto.com.br',
    });
  });
});

describe('TutorialPage', () => {
  it('renders exactly one h1 with the page title', () => {
    renderPage(<TutorialPage />);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe('Como Usar a Plataforma');
  });

  it('shows the four numbered steps in order', () => {
    renderPage(<TutorialPage />);
    const stepsHeading = screen.getByRole('heading', { level: 2, name: 'Passo a passo' });
    const stepsSection = stepsHeading.closest('section');
    expect(stepsSection).not.toBeNull();
    const list = within(stepsSection as HTMLElement).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);

    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Passo 1: Cadastre-se e faça login',
      'Passo 2: Adicione saldo via PIX',
      'Passo 3: Participe dos sorteios',
      'Passo 4: Ganhe prêmios e saque via PIX',
    ]);
  });

  it('gives concrete guidance in each step', () => {
    renderPage(<TutorialPage />);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/Confirme o e-mail/);
    expect(text).toMatch(/Perfil > Verificação/);
    expect(text).toMatch(/selfie/);
    expect(text).toMatch(/R\$ 1,00/);
    expect(text).toMatch(/pagar cada entrada\s+diretamente por PIX/);
    expect(text).toMatch(/número da sorte/);
    expect(text).toMatch(/chave PIX cadastrada\s+no seu perfil/);
    expect(text).toMatch(/sacado a qualquer momento por PIX/);

    const verifyLink = screen.getByRole('link', { name: '/sorteios' });
    expect(hrefOf(verifyLink)).toBe('/sorteios');
  });

  it('shows the three tips', () => {
    renderPage(<TutorialPage />);
    const tipsHeading = screen.getByRole('heading', { level: 2, name: 'Dicas' });
    const tipsSection = tipsHeading.closest('section') as HTMLElement;
    const tipTitles = within(tipsSection)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(tipTitles).toEqual(['Segurança', 'Suporte com IA', 'Cashback']);

    expect(within(tipsSection).getByText(/Perfil > Segurança/)).toBeTruthy();
    expect(within(tipsSection).getByText(/Nunca compartilhe/)).toBeTruthy();
    expect(within(tipsSection).getByText(/não pode ser sacado/)).toBeTruthy();
    expect(hrefOf(within(tipsSection).getByRole('link', { name: '/support' }))).toBe('/support');
  });

  it('shows the video placeholder', () => {
    renderPage(<TutorialPage />);
    expect(screen.getByText('Vídeo tutorial em breve')).toBeTruthy();
  });

  it('links to register, support and privacy', () => {
    renderPage(<TutorialPage />);
    expect(hrefOf(screen.getByRole('link', { name: 'Criar Conta Grátis' }))).toBe('/register');
    expect(hrefOf(screen.getByRole('link', { name: 'Falar com o suporte' }))).toBe('/support');
    expect(hrefOf(screen.getByRole('link', { name: 'Política de Privacidade' }))).toBe('/privacy');
  });
});

describe('PrivacyPage', () => {
  it('renders exactly one h1 and the last-updated line', () => {
    renderPage(<PrivacyPage />);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe('Política de Privacidade');
    expect(screen.getByText('Última atualização: janeiro de 2025')).toBeTruthy();
  });

  it('has exactly the six numbered sections in order', () => {
    renderPage(<PrivacyPage />);
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s).toEqual([
      '1. Dados que coletamos',
      '2. Como usamos seus dados',
      '3. Como protegemos seus dados',
      '4. Compartilhamento de dados',
      '5. Seus direitos',
      '6. Contato',
    ]);
  });

  it('describes the data collected, legal bases and retention', () => {
    renderPage(<PrivacyPage />);
    const collected = screen.getByRole('region', { name: '1. Dados que coletamos' });
    const collectedText = (collected.textContent ?? '').replace(/\s+/g, ' ');
    for (const term of [
      'e-mail',
      'nome completo',
      'CPF',
      'telefone',
      'data de nascimento',
      'endereço',
      'chave PIX',
      'selfie',
      'endereço IP',
      'cidade e estado aproximados',
      'navegador',
      'registros de segurança',
      'saques',
      'cookies essenciais de sessão',
    ]) {
      expect(collectedText).toContain(term);
    }

    const use = screen.getByRole('region', { name: '2. Como usamos seus dados' });
    const useText = (use.textContent ?? '').replace(/\s+/g, ' ');
    expect(useText).toContain('Execução do contrato');
    expect(useText).toContain('obrigação legal');
    expect(useText).toContain('lavagem de dinheiro');
    expect(useText).toContain('Legítimo interesse');
    expect(useText).toContain('Consentimento');
    expect(useText).toContain('marketing');
    expect(useText).toContain('5 anos');
    expect(useText).toContain('anonimizados');
  });

  it('describes protection and sharing', () => {
    renderPage(<PrivacyPage />);
    const protection = screen.getByRole('region', { name: '3. Como protegemos seus dados' });
    const protectionText = (protection.textContent ?? '').replace(/\s+/g, ' ');
    for (const term of ['HTTPS', 'hash', '2FA', 'armazenamento privado', 'registro de segurança']) {
      expect(protectionText).toContain(term);
    }

    const sharing = screen.getByRole('region', { name: '4. Compartilhamento de dados' });
    const sharingText = (sharing.textContent ?? '').replace(/\s+/g, ' ');
    expect(sharingText).toContain('Nunca vendemos os seus dados pessoais');
    expect(sharingText).toContain('Provedor de pagamentos PIX');
    expect(sharingText).toContain('Autoridades públicas');
  });

  it('lists every LGPD right and how to exercise them', () => {
    renderPage(<PrivacyPage />);
    const rights = screen.getByRole('region', { name: '5. Seus direitos' });
    const [rightsList] = within(rights).getAllByRole('list');
    expect(rightsList).toBeDefined();
    const rightItems = within(rightsList as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    for (const right of [
      'Confirmação e acesso',
      'Correção',
      'Anonimização, bloqueio ou eliminação',
      'Portabilidade',
      'Informação sobre compartilhamento',
      'Revogação do consentimento',
      'Oposição',
    ]) {
      expect(rightItems.some((item) => item.startsWith(right))).toBe(true);
    }

    const rightsText = (rights.textContent ?? '').replace(/\s+/g, ' ');
    expect(rightsText).toContain('Baixar meus dados');
    expect(rightsText).toContain('JSON');
    expect(rightsText).toContain('Excluir minha conta');
    expect(rightsText).toContain('Perfil > Dados pessoais');
    expect(rightsText).toContain('15 dias');
    expect(rightsText).toContain('ANPD');
    expect(hrefOf(within(rights).getByRole('link', { name: contact.dpoEmail }))).toBe(
      `mailto:${contact.dpoEmail}`,
    );
  });

  it('shows the contact channels from the contact module', () => {
    renderPage(<PrivacyPage />);
    const section = screen.getByRole('region', { name: '6. Contato' });
    expect(hrefOf(within(section).getByRole('link', { name: contact.dpoEmail }))).toBe(
      `mailto:${contact.dpoEmail}`,
    );
    expect(hrefOf(within(section).getByRole('link', { name: contact.email }))).toBe(
      `mailto:${contact.email}`,
    );
    expect(hrefOf(within(section).getByRole('link', { name: contact.whatsapp }))).toBe(
      contact.whatsappLink,
    );
    expect(hrefOf(within(section).getByRole('link', { name: 'Abrir o chat de suporte' }))).toBe(
      '/support',
    );
  });

  it('states the 18+ age requirement', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByText(/exclusivamente a maiores de 18 anos/)).toBeTruthy();
  });
});
