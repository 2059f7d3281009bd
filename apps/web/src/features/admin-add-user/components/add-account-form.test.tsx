import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attestationMessages } from '@sorteio/shared';
import { useAuth } from '@/lib/auth/use-auth';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { AddAccountForm } from './add-account-form';
import { AddAccountPage } from './add-account-page';

const publicSettings = (passwordMinLength: number) => ({
  body: {
    siteName: 'Sorteio Certo',
    siteDescription: '',
    maintenanceMode: false,
    pixEnabled: true,
    cardEnabled: false,
    boletoEnabled: false,
    passwordMinLength,
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('add user / add employee form', { timeout: 20_000 }, () => {
  it('requires e-mail, full name and password with the spec message, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'GET /api/me': { body: { user: adminUser } } });
    renderWithProviders(<AddAccountForm kind="user" />);
    await user.clear(screen.getByLabelText('Senha temporária *'));
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    expect(await screen.findByText('Email, nome completo e senha são obrigatórios')).toBeDefined();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/admin/users')).toBe(false);
    // A user can only be a Usuário.
    const role = screen.getByLabelText('Tipo');
    expect([...role.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Usuário']);
  });

  it('creates an employee with the chosen role and shows the temporary password once', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'POST /api/admin/users': ({ body }) => {
        bodies.push(body);
        return {
          body: {
            id: 'n-1',
            email: 'ana@example.com',
            role: 'support',
            temporaryPassword: 'Temp123456',
            isVerified: false,
          },
        };
      },
    });
    renderWithProviders(<AddAccountForm kind="employee" />);
    const role = screen.getByLabelText<HTMLSelectElement>('Cargo');
    expect(role.value).toBe('attendant');
    expect([...role.querySelectorAll('option')].map((o) => o.textContent)).not.toContain('Usuário');
    await user.type(screen.getByLabelText('Email *'), 'ana@example.com');
    await user.type(screen.getByLabelText('Nome completo *'), 'Ana Souza');
    const password = screen.getByLabelText<HTMLInputElement>('Senha temporária *');
    await user.clear(password);
    await user.type(password, 'Temp123456');
    await user.selectOptions(role, 'support');
    await user.click(screen.getByRole('button', { name: 'Adicionar Funcionário' }));
    expect(await screen.findByText('Usuário adicionado')).toBeDefined();
    expect(
      screen.getByText(/Funcionário criado com sucesso\. Senha temporária: Temp123456/),
    ).toBeDefined();
    expect(bodies).toEqual([
      {
        kind: 'employee',
        email: 'ana@example.com',
        nome_completo: 'Ana Souza',
        password: 'Temp123456',
        role: 'support',
      },
    ]);
    // The form resets for the next person.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Email *').value).toBe(''));
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
    await user.type(screen.getByLabelText('Email *'), 'ja@example.com');
    await user.type(screen.getByLabelText('Nome completo *'), 'Já Existe');
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro ao adicionar usuário');
    expect(alert.textContent).toContain('Este e-mail já está cadastrado.');
  });

  it('takes the minimum password length from the settings and refuses a shorter one before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/public/settings': publicSettings(10),
    });
    renderWithProviders(<AddAccountForm kind="user" />);
    expect(
      await screen.findByText(
        'Mínimo de 10 caracteres. A pessoa troca a senha no primeiro acesso.',
      ),
    ).toBeDefined();
    await user.type(screen.getByLabelText('Email *'), 'curta@example.com');
    await user.type(screen.getByLabelText('Nome completo *'), 'Senha Curta');
    const password = screen.getByLabelText('Senha temporária *');
    await user.clear(password);
    await user.type(password, 'nove12345');
    await user.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
    expect(await screen.findByText('A senha deve ter pelo menos 10 caracteres.')).toBeDefined();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/admin/users')).toBe(false);
  });

  it('sends an identity attestation only with every item checked, then resets the form', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'POST /api/admin/users': ({ body }) => {
        bodies.push(body);
        return {
          body: {
            id: 'n-2',
            email: 'bia@example.com',
            role: 'user',
            temporaryPassword: 'Temp123456',
            isVerified: true,
          },
        };
      },
    });
    renderWithProviders(<AddAccountForm kind="user" />);
    await user.type(await screen.findByLabelText('Email *'), 'bia@example.com');
    await user.type(screen.getByLabelText('Nome completo *'), 'Bia Lima');
    const password = screen.getByLabelText('Senha temporária *');
    await user.clear(password);
    await user.type(password, 'Temp123456');
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
        password: 'Temp123456',
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
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Email *').value).toBe(''));
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
