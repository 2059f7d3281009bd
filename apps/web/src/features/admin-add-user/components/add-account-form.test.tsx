import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attestationMessages } from '@sorteio/shared';
import { useAuth } from '@/lib/auth/use-auth';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { AddAccountForm } from './add-account-form';
import { AddAccountPage } from './add-account-page';

afterEach(() => vi.unstubAllGlobals());

/** Answers the create request as the server does; returns the bodies sent to it. */
function mockCreate(account: {
  id: string;
  email: string;
  role: string;
  isVerified: boolean;
  sent?: boolean;
}) {
  const { sent = true, ...created } = account;
  const bodies: unknown[] = [];
  mockApi({
    'GET /api/me': { body: { user: adminUser } },
    'POST /api/admin/users': ({ body }) => {
      bodies.push(body);
      const setPasswordLink = {
        sentTo: account.email,
        expiresAt: '2026-12-01T12:00:00.000Z',
        sent,
      };
      return { body: { ...created, setPasswordLink } };
    },
  });
  return bodies;
}

async function fillIdentity(user: ReturnType<typeof userEvent.setup>, email: string, name: string) {
  await user.type(screen.getByLabelText('E-mail *'), email);
  await user.type(screen.getByLabelText('Nome completo *'), name);
}

describe('add user / add employee form', { timeout: 20_000 }, () => {
  it('requires e-mail and full name, asks for no password, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    renderWithProviders(<AddAccountForm kind="user" />);
    expect(screen.queryByLabelText(/senha/i)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    expect(await screen.findByText('Email e nome completo são obrigatórios')).toBeDefined();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/admin/users')).toBe(false);
    // A user can only be a Usuário.
    const role = screen.getByLabelText('Tipo');
    expect([...role.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Usuário']);
  });

  it('creates an employee with the chosen role and says the set-password link went to the address', async () => {
    const user = userEvent.setup();
    const bodies = mockCreate({
      id: 'n-1',
      email: 'ana@example.com',
      role: 'support',
      isVerified: false,
    });
    renderWithProviders(<AddAccountForm kind="employee" />);
    const role = screen.getByLabelText<HTMLSelectElement>('Cargo');
    expect(role.value).toBe('attendant');
    expect([...role.querySelectorAll('option')].map((o) => o.textContent)).not.toContain('Usuário');
    await fillIdentity(user, 'ana@example.com', 'Ana Souza');
    await user.selectOptions(role, 'support');
    await user.click(screen.getByRole('button', { name: 'Adicionar Funcionário' }));
    expect(await screen.findByText('Usuário adicionado')).toBeDefined();
    expect(
      screen.getByText(
        /Funcionário criado com sucesso\. Enviamos para ana@example\.com um link para a pessoa definir a própria senha\. O link vale por 72 horas/,
      ),
    ).toBeDefined();
    expect(screen.queryByText(/Senha temporária/)).toBeNull();
    expect(bodies).toEqual([
      {
        kind: 'employee',
        email: 'ana@example.com',
        nome_completo: 'Ana Souza',
        role: 'support',
      },
    ]);
    // The form resets for the next person.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('E-mail *').value).toBe(''));
  });

  it('shows the server refusal of a duplicate with the spec title', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'POST /api/admin/users': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Este e-mail já está cadastrado.' } },
      },
    });
    renderWithProviders(<AddAccountForm kind="user" />);
    await fillIdentity(user, 'ja@example.com', 'Já Existe');
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro ao adicionar usuário');
    expect(alert.textContent).toContain('Este e-mail já está cadastrado.');
  });

  it('warns when the link could not be mailed, telling how to send it again', async () => {
    const user = userEvent.setup();
    mockCreate({
      id: 'n-3',
      email: 'sem@example.com',
      role: 'user',
      isVerified: false,
      sent: false,
    });
    renderWithProviders(<AddAccountForm kind="user" />);
    await fillIdentity(user, 'sem@example.com', 'Sem Email');
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    expect(
      await screen.findByText(/não conseguimos enviar o e-mail para sem@example\.com/),
    ).toBeDefined();
  });

  it('sends an identity attestation only with every item checked, then resets the form', async () => {
    const user = userEvent.setup();
    const bodies = mockCreate({
      id: 'n-2',
      email: 'bia@example.com',
      role: 'user',
      isVerified: true,
    });
    renderWithProviders(<AddAccountForm kind="user" />);
    await user.type(await screen.findByLabelText('E-mail *'), 'bia@example.com');
    await user.type(screen.getByLabelText('Nome completo *'), 'Bia Lima');
    expect(screen.getByText(attestationMessages.notice)).toBeDefined();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Conferi pessoalmente os documentos desta pessoa e atesto a identidade',
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Documento com foto' }));
    await user.click(screen.getByRole('checkbox', { name: 'CPF' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    expect(await screen.findByText(attestationMessages.allDocuments)).toBeDefined();
    expect(screen.getByText(attestationMessages.cpfRequired)).toBeDefined();
    expect(screen.getByText(attestationMessages.birthDateRequired)).toBeDefined();
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Selfie/presença' }));
    await user.type(screen.getByLabelText('CPF *'), '529.982.247-25');
    await user.type(screen.getByLabelText(`${attestationMessages.birthDateLabel} *`), '1990-05-20');
    await user.type(screen.getByLabelText('Observação'), 'Atendimento presencial');
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    expect(
      await screen.findByText(/Identidade atestada: a conta já está verificada\./),
    ).toBeDefined();
    expect(bodies).toEqual([
      {
        kind: 'user',
        email: 'bia@example.com',
        nome_completo: 'Bia Lima',
        cpf: '529.982.247-25',
        role: 'user',
        attestation: {
          documents: ['documento_com_foto', 'cpf', 'selfie_presenca'],
          dataNascimento: '1990-05-20',
          note: 'Atendimento presencial',
        },
      },
    ]);
    // The form resets after success, attestation included.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('E-mail *').value).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('Nome completo *').value).toBe('');
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'Conferi pessoalmente os documentos desta pessoa e atesto a identidade',
      }).checked,
    ).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Documento com foto' })).toBeNull();
  });

  it('offers no attestation to a role that does not review identities', async () => {
    mockApi({
      'GET /api/me': { body: { user: { ...adminUser, role: 'partner', isAdmin: false } } },
    });
    // The probe shows when the signed-in account has loaded, so the absence below is meaningful.
    function RoleProbe() {
      return <output aria-label="papel">{useAuth().user?.role ?? ''}</output>;
    }
    renderWithProviders(
      <>
        <RoleProbe />
        <AddAccountForm kind="user" />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('papel').textContent).toBe('partner'));
    expect(screen.queryByText(attestationMessages.title)).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it.each([
    ['user', 'Adicionar Usuário'],
    ['employee', 'Adicionar Funcionário'],
  ] as const)("the %s page's 'Voltar' goes to /admin?tab=users", async (kind, title) => {
    mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    renderRoutes([{ path: '/admin/add', element: <AddAccountPage kind={kind} /> }], '/admin/add');
    expect(await screen.findByRole('heading', { name: title })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe(
      '/admin?tab=users',
    );
  });
});
