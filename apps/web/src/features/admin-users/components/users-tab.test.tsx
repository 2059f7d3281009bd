import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '@sorteio/shared';
import { adminUser, mockApi, type MockHandler, type MockReply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import UsersTab from '../index';
import { detailUser, userRow } from '../test-data';

afterEach(() => vi.unstubAllGlobals());

const detail = (
  over: Partial<NonNullable<AdminUserDetail['verification']>> = {},
): AdminUserDetail => ({
  user: detailUser({ cpf: '529.982.247-25' }),
  wallet: { saldo: 12345, cashback: 100 },
  attestation: null,
  participations: [],
  securityLogs: [],
  verification: {
    status: 'pendente',
    tipoDocumento: 'rg',
    numeroDocumento: '123456789',
    motivoRejeicao: null,
    submittedAt: '2026-11-02T12:00:00.000Z',
    reviewedAt: null,
    reviewerName: null,
    checks: null,
    automatedChecks: null,
    canReview: true,
    ...over,
  },
});

function setup(
  role: 'admin' | 'support' | 'attendant',
  extra: Record<string, MockHandler | MockReply> = {},
) {
  const listCalls: string[] = [];
  const fetchMock = mockApi({
    // The signed-in staff member is none of the listed accounts (nobody acts on their own here).
    'GET /api/me': {
      body: { user: { ...adminUser, id: 'staff-me', role, isAdmin: role === 'admin' } },
    },
    'GET /api/admin/users': {
      body: {
        items: [
          userRow(1),
          userRow(2, { statusConta: 'suspenso' }),
          ...(role === 'admin'
            ? [userRow(3, { role: 'admin', isOwner: true, nomeCompleto: 'Proprietário' })]
            : []),
        ],
        total: 120,
        page: 1,
        pageSize: 50,
      },
    },
    'GET /api/admin/verifications': { body: [] },
    ...extra,
  });
  renderWithProviders(<UsersTab />);
  return { fetchMock, listCalls };
}

const urls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([u]) => u as string);

describe('users tab', { timeout: 20_000 }, () => {
  it('lists the users with the spec columns, searches on the server and pages by 50', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup('admin');
    const table = await screen.findByRole('table', { name: 'Usuários' });
    for (const h of ['Nome', 'Email', 'Tipo', 'Status', 'Verificado', 'Cadastro', 'Ações'])
      expect(within(table).getByRole('columnheader', { name: h })).toBeDefined();
    expect(within(table).getByText('Pessoa 1')).toBeDefined();
    expect(screen.getByText('Página 1 de 3 · 120 registros')).toBeDefined();

    await user.click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/admin/users?page=2'));

    await user.type(screen.getByRole('searchbox', { name: 'Buscar usuários' }), 'ANA');
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/admin/users?q=ANA'));
  });

  it('suspends and activates with the spec toast, and verifies', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    setup('admin', {
      'POST /api/admin/users/u-1/status': ({ body }) => {
        bodies.push(body);
        return { body: { statusConta: 'suspenso' } };
      },
      'POST /api/admin/users/u-1/verified': ({ body }) => {
        bodies.push(body);
        return { body: { isVerified: true } };
      },
      'POST /api/admin/users/u-2/status': {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Sem permissão.' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ações de Pessoa 1' }));
    expect(screen.queryByRole('menuitem', { name: 'Ativar' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Suspender' }));
    expect(await screen.findByText('Ação realizada!')).toBeDefined();
    expect(screen.getByText('Status do usuário atualizado com sucesso.')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Ações de Pessoa 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Verificar' }));
    await waitFor(() => expect(bodies).toEqual([{ statusConta: 'suspenso' }, { verified: true }]));

    await user.click(screen.getByRole('button', { name: 'Ações de Pessoa 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro');
    expect(alert.textContent).toContain('Sem permissão.');
  });

  it('hides the actions an attendant may not take and the review queue', async () => {
    const user = userEvent.setup();
    setup('attendant');
    await user.click(await screen.findByRole('button', { name: 'Ações de Pessoa 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Detalhes' })).toBeDefined();
    expect(screen.queryByRole('menuitem', { name: 'Suspender' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Verificar' })).toBeNull();
    expect(screen.queryByText('Verificações de identidade')).toBeNull();
  });

  it('opens the drawer with both images and rejects with a reason', async () => {
    const user = userEvent.setup();
    const decisions: unknown[] = [];
    setup('admin', {
      'GET /api/admin/verifications': {
        body: [
          {
            userId: 'u-1',
            nomeCompleto: 'Pessoa 1',
            email: 'p1@example.com',
            tipoDocumento: 'rg',
            numeroDocumento: '123456789',
            status: 'pendente',
            motivoRejeicao: null,
            submittedAt: '2026-11-02T12:00:00.000Z',
          },
        ],
      },
      'GET /api/admin/users/u-1': { body: detail() },
      'POST /api/admin/verifications/u-1/review': ({ body }) => {
        decisions.push(body);
        return {
          body: {
            status: 'rejeitado',
            tipoDocumento: 'rg',
            numeroDocumento: '123456789',
            motivoRejeicao: 'Foto ilegível',
            submittedAt: '2026-11-02T12:00:00.000Z',
            hasDocument: true,
            hasSelfie: true,
            analise: null,
          },
        };
      },
    });
    const queue = await screen.findByRole('table', { name: 'Fila de verificação de identidade' });
    await user.click(within(queue).getByRole('button', { name: 'Revisar' }));
    const doc = await screen.findByRole('img', { name: 'Documento enviado' });
    expect(doc.getAttribute('src')).toBe('/api/admin/verifications/u-1/files/documento');
    expect(screen.getByRole('img', { name: 'Selfie enviada' }).getAttribute('src')).toBe(
      '/api/admin/verifications/u-1/files/selfie',
    );
    expect(screen.getByText('R$ 123,45')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Rejeitar' }));
    expect(await screen.findByText('Informe o motivo da rejeição.')).toBeDefined();
    expect(decisions).toEqual([]);
    await user.type(screen.getByLabelText('Motivo (obrigatório para rejeitar)'), 'Foto ilegível');
    await user.click(screen.getByRole('button', { name: 'Rejeitar' }));
    await waitFor(() =>
      expect(decisions).toEqual([{ decision: 'rejeitar', motivo: 'Foto ilegível' }]),
    );
  });

  it('shows a self-excluded player and the limits they set in the drawer', async () => {
    const user = userEvent.setup();
    setup('support', {
      'GET /api/admin/users/u-1': {
        body: {
          ...detail(),
          responsiblePlay: {
            selfExclusion: { since: '2026-11-01T12:00:00.000Z', until: null, forever: true },
            limits: [
              { kind: 'deposit', period: 'day', amountCentavos: 5000, pending: null },
              {
                kind: 'spending',
                period: 'week',
                amountCentavos: 10000,
                pending: { amountCentavos: 20000, effectiveAt: '2026-11-03T12:00:00.000Z' },
              },
              { kind: 'spending', period: 'month', amountCentavos: null, pending: null },
            ],
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pessoa 1' }));
    const section = (await screen.findByRole('heading', { name: 'Jogo Responsável' }))
      .parentElement!;
    expect(
      within(section).getByText(/Autoexcluído desde .* por tempo indeterminado/),
    ).toBeDefined();
    const items = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Depósitos');
    expect(items[0]).toMatch(/R\$\s50,00/);
    expect(items[1]).toMatch(/R\$\s100,00/);
    expect(items[1]).toMatch(/passa a R\$\s200,00/);
  });

  it('offers no change on the owner’s account, only its details', async () => {
    const user = userEvent.setup();
    setup('admin');
    await user.click(await screen.findByRole('button', { name: 'Ações de Proprietário' }));
    expect(await screen.findByRole('menuitem', { name: 'Detalhes' })).toBeDefined();
    for (const name of ['Suspender', 'Ativar', 'Verificar', 'Desverificar'])
      expect(screen.queryByRole('menuitem', { name })).toBeNull();
  });

  it('offers the search by CPF and PIX key only to roles that see them', async () => {
    setup('attendant');
    expect(
      (await screen.findByRole('searchbox', { name: 'Buscar usuários' })).getAttribute(
        'placeholder',
      ),
    ).toBe('Buscar por nome ou e-mail');
  });

  it('shows an attendant the masked CPF and phone, and "•••" where the role may not see', async () => {
    const user = userEvent.setup();
    const masked = detail({ canReview: false, numeroDocumento: '•••' });
    masked.user = {
      ...masked.user,
      cpf: '***.982.247-**',
      telefone: '(11) *****-4321',
      chavePix: '•••',
      dataNascimento: '•••',
      enderecoCompleto: '•••',
    };
    masked.securityLogs = [
      {
        id: 'l-1',
        actionType: 'login',
        ipAddress: '•••',
        city: 'Niterói',
        country: 'BR',
        isSuspicious: false,
        suspiciousReason: null,
        timestamp: '2026-11-02T12:00:00.000Z',
      },
    ];
    setup('attendant', { 'GET /api/admin/users/u-1': { body: masked } });
    await user.click(await screen.findByRole('button', { name: 'Pessoa 1' }));
    const value = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling!;
    expect((await value('CPF')).textContent).toBe(
      '***.982.247-**(Parcialmente oculto para o seu cargo)',
    );
    expect((await value('Telefone')).textContent).toContain('(11) *****-4321');
    for (const label of ['Chave PIX', 'Nascimento', 'Endereço'])
      expect((await value(label)).textContent, label).toBe('•••(Oculto para o seu cargo)');
    expect(screen.getByText(/Login realizado · ••• · Niterói/)).toBeDefined();
    expect(screen.getByText(/RG •••/)).toBeDefined();
  });

  it('sends the set-password link again to an account that has not set its password', async () => {
    const user = userEvent.setup();
    const resent = vi.fn(() => ({
      body: { sentTo: 'p1@example.com', expiresAt: '2026-12-01T12:00:00.000Z', sent: true },
    }));
    const awaiting = detail();
    awaiting.user.awaitingPassword = true;
    setup('admin', {
      'GET /api/admin/users/u-1': { body: awaiting },
      'POST /api/admin/users/u-1/set-password-link': resent,
    });
    await user.click(await screen.findByRole('button', { name: 'Pessoa 1' }));
    const notice = await screen.findByRole('note', { name: 'Senha ainda não definida' });
    await user.click(within(notice).getByRole('button', { name: 'Reenviar link de senha' }));
    expect(await screen.findByText('Link reenviado')).toBeDefined();
    expect(screen.getByText(/Enviamos para p1@example\.com um link/)).toBeDefined();
    expect(resent).toHaveBeenCalledTimes(1);
  });

  it('offers no resend to a role that does not add accounts', async () => {
    const user = userEvent.setup();
    const awaiting = detail({ canReview: false });
    awaiting.user.awaitingPassword = true;
    setup('attendant', { 'GET /api/admin/users/u-1': { body: awaiting } });
    await user.click(await screen.findByRole('button', { name: 'Pessoa 1' }));
    expect(await screen.findByRole('note', { name: 'Senha ainda não definida' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Reenviar link de senha' })).toBeNull();
  });

  it('shows no images to a role that does not review identities', async () => {
    const user = userEvent.setup();
    setup('attendant', { 'GET /api/admin/users/u-1': { body: detail({ canReview: false }) } });
    await user.click(await screen.findByRole('button', { name: 'Pessoa 1' }));
    expect(
      await screen.findByText('Os documentos só aparecem para quem revisa identidades.'),
    ).toBeDefined();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
