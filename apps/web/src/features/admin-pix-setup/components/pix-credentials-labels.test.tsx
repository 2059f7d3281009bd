/** The PIX credential fields are named in Portuguese (the Efí portal's names kept in parentheses). */
import { screen } from '@testing-library/react';
import type { EfiConfig } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CredentialsForm } from './credentials-form';

// Only what the form reads: the rest of the configuration does not change its labels.
const config = {
  credentials: {
    clientIdMasked: 'Clie••••fake',
    clientSecretMasked: '••••••••',
    chavePix: 'pix@sorteio.example',
    environment: 'sandbox',
    host: 'https://pix-h.api.efipay.com.br',
  },
  credentialsConfigured: true,
} as unknown as EfiConfig;

describe('PIX credentials form', () => {
  it('labels the fields in Portuguese, never by the code names', () => {
    renderWithProviders(<CredentialsForm config={config} />);
    expect(screen.getByLabelText('Identificador do cliente (Client_Id)')).toBeDefined();
    expect(screen.getByLabelText('Senha do cliente (Client_Secret)')).toBeDefined();
    expect(screen.getByLabelText('Chave PIX')).toBeDefined();
    expect(screen.getByText(/Guardado: identificador Clie••••fake, senha/)).toBeDefined();
    expect(document.body.textContent).not.toMatch(/clientId|clientSecret|chavePix/);
  });
});
