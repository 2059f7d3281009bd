import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AddAccountForm } from './add-account-form';

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
});
