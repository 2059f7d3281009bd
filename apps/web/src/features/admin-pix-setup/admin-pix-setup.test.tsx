import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateList, EfiConfig, StoredCertificate } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AdminPixSetupTab, { PixConfigScreen } from '.';

/** The certificate in use, as the config and the stored list describe it. */
const certificate = {
  filename: 'producao.p12',
  subject: 'CN=fake-efi-client, O=Fake EFI Test',
  issuer: 'CN=Fake EFI Test CA',
  serialNumber: '01abcdef',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2026-12-01T00:00:00.000Z',
  sizeBytes: 3072,
  status: 'expiring' as const,
  uploadedAt: '2026-11-23T12:00:00.000Z',
};

const config: EfiConfig = {
  source: 'stored',
  active: {
    clientIdMasked: 'Clie••••fake',
    chavePix: 'pix@sorteio.example',
    environment: 'sandbox',
    host: 'https://pix-h.api.efipay.com.br',
    certificateFilename: 'producao.p12',
    activatedAt: '2026-11-23T12:00:00.000Z',
    via: 'test',
    reason: null,
  },
  savedState: 'active',
  environmentProvider: 'simulator',
  activeProvider: 'efi',
  credentials: {
    clientIdMasked: 'Clie••••fake',
    clientSecretMasked: '••••••••',
    chavePix: 'pix@sorteio.example',
    environment: 'sandbox',
    host: 'https://pix-h.api.efipay.com.br',
  },
  certificate,
  lastTest: null,
  credentialsConfigured: true,
  certificateUploaded: true,
  apiActive: false,
  configured: true,
  environment: 'sandbox',
  lastSuccessfulCall: null,
};

const stored = (over: Partial<StoredCertificate>): StoredCertificate => ({
  id: '00000000-0000-4000-8000-000000000001',
  ...certificate,
  inUse: true,
  checkedAt: '2026-11-23T12:00:00.000Z',
  checkError: null,
  ...over,
});

const list: CertificateList = {
  items: [
    stored({}),
    stored({
      id: '00000000-0000-4000-8000-000000000002',
      filename: 'homologacao.pfx',
      sizeBytes: 2560,
      status: 'active',
      inUse: false,
    }),
    stored({
      id: '00000000-0000-4000-8000-000000000003',
      filename: 'antigo.p12',
      sizeBytes: 4200,
      status: 'expired',
      inUse: false,
    }),
  ],
  counts: { active: 1, expiring: 1, expired: 1 },
};

describe('certificates tab', () => {
  it('shows the status cards and the real certificate, and checks the file before sending', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': { body: config },
      'GET /api/admin/pix/certificates': { body: list },
    });
    renderWithProviders(<AdminPixSetupTab />);
    expect(await screen.findByText('producao.p12')).toBeDefined();
    expect(screen.getByText('Configuradas')).toBeDefined();
    expect(screen.getByText('Enviado')).toBeDefined();
    expect(screen.getByText('Inativa')).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Enviar certificado' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Enviar certificado' }));
    expect(
      await screen.findByText('Arquivo inválido: Por favor, selecione um arquivo .p12 ou .pfx'),
    ).toBeDefined();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('certificate counters, sizes and refresh', () => {
  it('shows the counters by status and each certificate with its size in KB', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': { body: config },
      'GET /api/admin/pix/certificates': { body: list },
    });
    renderWithProviders(<AdminPixSetupTab />);
    const tiles = await screen.findByLabelText('Certificados por status');
    expect(within(tiles).getByText('Ativo').nextSibling?.textContent).toBe('1');
    expect(within(tiles).getByText('Expirando').nextSibling?.textContent).toBe('1');
    expect(within(tiles).getByText('Expirado').nextSibling?.textContent).toBe('1');
    const items = within(screen.getByRole('list', { name: 'Certificados enviados' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('3,0 KB')).toBeDefined();
    expect(within(items[0]!).getByText('Em uso')).toBeDefined();
    expect(within(items[1]!).getByText('2,5 KB')).toBeDefined();
    expect(within(items[2]!).getByText('4,1 KB')).toBeDefined();
    // Only certificates not in use can be deleted.
    expect(within(items[0]!).queryByRole('button', { name: /Excluir/ })).toBeNull();
    expect(within(items[2]!).getByRole('button', { name: 'Excluir antigo.p12' })).toBeDefined();
  });

  it('Atualizar status asks the server to re-read the files and shows the new counters', async () => {
    const refreshed = {
      ...list,
      items: list.items.map((i) =>
        i.filename === 'producao.p12'
          ? { ...i, status: 'expired' as const, checkedAt: '2026-12-02T10:00:00.000Z' }
          : i,
      ),
      counts: { active: 1, expiring: 0, expired: 2 },
      checked: 3,
      changed: 1,
      unreadable: 0,
    };
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': { body: config },
      'GET /api/admin/pix/certificates': { body: list },
      'POST /api/admin/pix/certificates/refresh': { body: refreshed },
    });
    renderWithProviders(<AdminPixSetupTab />);
    const tiles = await screen.findByLabelText('Certificados por status');
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar status' }));
    expect(
      await screen.findByText('3 certificados verificados, 1 com status alterado.'),
    ).toBeDefined();
    expect(within(tiles).getByText('Expirado').nextSibling?.textContent).toBe('2');
    expect(within(tiles).getByText('Expirando').nextSibling?.textContent).toBe('0');
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          typeof url === 'string' &&
          url.endsWith('/api/admin/pix/certificates/refresh') &&
          init?.method === 'POST',
      ),
    ).toBe(true);
  });
});

describe('configuration banner', () => {
  it('shows configured, the environment and the last successful call', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': {
        body: {
          ...config,
          environment: 'production',
          lastSuccessfulCall: { at: '2026-11-23T15:04:00.000Z', route: 'POST /oauth/token' },
        },
      },
    });
    renderWithProviders(<PixConfigScreen />);
    const banner = await screen.findByRole('status', { name: 'Status da configuração' });
    expect(within(banner).getByText('PIX configurado')).toBeDefined();
    expect(within(banner).getByText('Ambiente: Produção')).toBeDefined();
    expect(
      within(banner).getByText(
        'Última chamada bem-sucedida ao provedor: 23/11/2026 12:04 (POST /oauth/token)',
      ),
    ).toBeDefined();
  });

  it('shows not configured while the simulator is active', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': {
        body: {
          ...config,
          source: 'simulator',
          activeProvider: 'simulator',
          configured: false,
          environment: null,
        },
      },
    });
    renderWithProviders(<PixConfigScreen />);
    const banner = await screen.findByRole('status', { name: 'Status da configuração' });
    expect(within(banner).getByText('PIX não configurado')).toBeDefined();
    expect(within(banner).queryByText(/Ambiente/)).toBeNull();
    expect(within(banner).queryByText(/Última chamada/)).toBeNull();
  });
});

describe('which configuration is live (issue 36)', () => {
  const pending: EfiConfig = {
    ...config,
    source: 'simulator',
    active: null,
    savedState: 'pending',
    activeProvider: 'simulator',
    configured: false,
    apiActive: false,
    environment: null,
    credentials: { ...config.credentials!, environment: 'production' },
    lastTest: {
      ok: false,
      at: '2026-11-23T12:05:00.000Z',
      durationMs: 12,
      httpStatus: null,
      message:
        'O endereço do provedor PIX não foi encontrado (falha de DNS). Confira o ambiente escolhido (Homologação ou Produção) e a conexão do servidor com a internet.',
      detail: 'EFI POST /oauth/token: ENOTFOUND',
      activated: false,
    },
  };

  it('shows the simulator in use and the saved configuration not live, with the failure in Portuguese', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': { body: pending },
    });
    renderWithProviders(<PixConfigScreen />);
    const banner = await screen.findByRole('status', { name: 'Status da configuração' });
    expect(within(banner).getByText('PIX não configurado')).toBeDefined();
    const inUse = screen.getByRole('region', { name: 'Em uso agora' });
    expect(inUse.textContent).toContain('Simulador PIX');
    const saved = screen.getByRole('region', { name: 'Configuração salva' });
    expect(within(saved).getByText('Salva, não ativa')).toBeDefined();
    expect(saved.textContent).toContain('Produção');
    expect(saved.textContent).toContain(
      'Último teste falhou: O endereço do provedor PIX não foi encontrado',
    );
    expect(saved.textContent).not.toContain('ENOTFOUND');
    // Nothing live to leave; the saved one may be forced live with a reason.
    expect(screen.queryByRole('button', { name: 'Voltar ao simulador' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ativar sem teste' })).toBeDefined();
  });

  it('asks for a reason before activating without a passing test', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': { body: pending },
      'POST /api/admin/pix/activate': ({ body }) => {
        bodies.push(body);
        return {
          body: {
            ...pending,
            active: {
              ...config.active!,
              environment: 'production',
              via: 'override',
              reason: 'Banco confirmou por telefone',
            },
            savedState: 'active',
            activeProvider: 'efi',
            configured: true,
          },
        };
      },
    });
    renderWithProviders(<PixConfigScreen />);
    await user.click(await screen.findByRole('button', { name: 'Ativar sem teste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ativar sem teste bem-sucedido?' });
    await user.type(within(dialog).getByLabelText('Motivo'), 'urgente');
    await user.click(within(dialog).getByRole('button', { name: 'Ativar mesmo assim' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'pelo menos 10 caracteres',
    );
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText('Motivo'), ': banco confirmou por telefone');
    await user.click(within(dialog).getByRole('button', { name: 'Ativar mesmo assim' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ reason: 'urgente: banco confirmou por telefone' }]),
    );
    const inUse = await screen.findByRole('region', { name: 'Em uso agora' });
    await waitFor(() =>
      expect(inUse.textContent).toContain('Motivo: Banco confirmou por telefone'),
    );
    expect(screen.getByRole('button', { name: 'Voltar ao simulador' })).toBeDefined();
  });

  it('returns to the simulator after confirming', async () => {
    const user = userEvent.setup();
    let called = 0;
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/pix/config': { body: config },
      'POST /api/admin/pix/deactivate': () => {
        called += 1;
        return { body: { ...pending, lastTest: null } };
      },
    });
    renderWithProviders(<PixConfigScreen />);
    const inUse = await screen.findByRole('region', { name: 'Em uso agora' });
    expect(inUse.textContent).toContain('Configuração EFI salva nesta tela · Homologação');
    await user.click(screen.getByRole('button', { name: 'Voltar ao simulador' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Voltar ao simulador?' });
    await user.click(within(confirm).getByRole('button', { name: 'Voltar ao simulador' }));
    await waitFor(() => expect(called).toBe(1));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Em uso agora' }).textContent).toContain(
        'Simulador PIX',
      ),
    );
  });
});
