import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EfiConfig } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AdminCertificatesTab from '.';

const config: EfiConfig = {
  source: 'stored',
  activeProvider: 'efi',
  credentials: {
    clientIdMasked: 'Clie••••fake',
    clientSecretMasked: '••••••••',
    chavePix: 'pix@sorteio.example',
    environment: 'sandbox',
    host: 'https://pix-h.api.efipay.com.br',
  },
  certificate: {
    filename: 'producao.p12',
    subject: 'CN=fake-efi-client, O=Fake EFI Test',
    issuer: 'CN=Fake EFI Test CA',
    serialNumber: '01abcdef',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2026-12-01T00:00:00.000Z',
    sizeBytes: 3072,
    status: 'expiring',
    uploadedAt: '2026-11-23T12:00:00.000Z',
  },
  lastTest: null,
  credentialsConfigured: true,
  certificateUploaded: true,
  apiActive: false,
};

describe('certificates tab', () => {
  it('shows the status cards and the real certificate, and checks the file before sending', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': { body: config },
    });
    renderWithProviders(<AdminCertificatesTab />);
    expect(await screen.findByText('producao.p12')).toBeDefined();
    expect(screen.getByText('Expirando')).toBeDefined();
    expect(screen.getByText('Configuradas')).toBeDefined();
    expect(screen.getByText('Enviado')).toBeDefined();
    expect(screen.getByText('Inativa')).toBeDefined();
    expect(screen.getByText('CN=Fake EFI Test CA')).toBeDefined();
    expect(screen.getByText('3.0 KB')).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Enviar Certificado' }));
    expect(
      await screen.findByText(
        'Dados incompletos: Por favor, selecione o certificado e informe a senha',
      ),
    ).toBeDefined();
    await userEvent.upload(
      screen.getByLabelText('Certificado (.p12 ou .pfx)'),
      new File(['x'], 'certificado.pem', { type: 'application/x-pem-file' }),
      { applyAccept: false },
    );
    await userEvent.type(screen.getByLabelText('Senha do certificado'), 'segredo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Certificado' }));
    expect(
      await screen.findByText('Arquivo inválido: Por favor, selecione um arquivo .p12 ou .pfx'),
    ).toBeDefined();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
