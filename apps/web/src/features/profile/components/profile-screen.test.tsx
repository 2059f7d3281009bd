import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { accountApi, baseProfile, notSent } from '../test-data';
import { ProfileScreen } from './profile-screen';

const routes = [{ path: '/profile', element: <ProfileScreen /> }];

async function openForm() {
  return screen.findByLabelText('Nome completo', {}, { timeout: 3000 });
}

describe('ProfileScreen', () => {
  it('has the header, the four status cards and the five tabs', async () => {
    mockApi(accountApi());
    renderRoutes(routes, '/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeDefined();
    const cards = screen.getByRole('region', { name: 'Situação da conta' });
    // Nothing sent yet: 'Não enviado', not 'Pendente'.
    await within(cards).findByText('Não enviado');
    expect(within(cards).queryByText('Pendente')).toBeNull();
    for (const text of ['Verificação', 'Inativo', 'Localização', 'Monitorada', 'Só senha']) {
      expect(within(cards).getByText(text)).toBeDefined();
    }
    // Without a second factor the account is not called protected.
    expect(within(cards).queryByText('Protegido')).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Perfil',
      'Verificação',
      'Segurança',
      'Localização',
      'Logs',
    ]);
  });

  it("reads 'Pendente' once the documents are sent", async () => {
    mockApi(
      accountApi({
        verification: { ...notSent, status: 'pendente', hasDocument: true, hasSelfie: true },
      }),
    );
    renderRoutes(routes, '/profile');
    const cards = screen.getByRole('region', { name: 'Situação da conta' });
    expect(await within(cards).findByText('Pendente')).toBeDefined();
    expect(within(cards).queryByText('Não enviado')).toBeNull();
  });

  it('shows Verificado and Ativo for a verified account with 2FA', async () => {
    mockApi(accountApi({ profile: { ...baseProfile, isVerified: true, twoFactorEnabled: true } }));
    renderRoutes(routes, '/profile');
    const cards = screen.getByRole('region', { name: 'Situação da conta' });
    expect(await within(cards).findByText('Verificado')).toBeDefined();
    expect(within(cards).getByText('Ativo')).toBeDefined();
    expect(within(cards).getByText('Protegido')).toBeDefined();
    expect(within(cards).queryByText('Só senha')).toBeNull();
  });

  it('opens the tab named in ?tab= and keeps the choice in the URL', async () => {
    mockApi(accountApi());
    const { router } = renderRoutes(routes, '/profile?tab=localizacao');
    expect(
      screen.getByText('Sua localização é monitorada para detectar atividades suspeitas.'),
    ).toBeDefined();
    expect(await screen.findByText('200.100.50.25')).toBeDefined();
    // Unknown city and time zone, each in its own gender.
    expect(screen.getAllByText('Não identificada')).toHaveLength(1);
    expect(screen.getAllByText('Não identificado')).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Logs' }));
    expect(router.state.location.search).toBe('?tab=logs');
    expect(await screen.findByText('Nenhum log de segurança encontrado')).toBeDefined();
  });

  describe('profile form', () => {
    it('masks CPF and phone as they are typed', async () => {
      mockApi(accountApi());
      renderRoutes(routes, '/profile');
      await openForm();
      const user = userEvent.setup();
      const cpf = screen.getByLabelText('CPF');
      const phone = screen.getByLabelText('Telefone');
      expect(cpf.getAttribute('maxlength')).toBe('14');
      expect(phone.getAttribute('maxlength')).toBe('15');
      await user.type(cpf, '52998224725');
      expect(cpf).toHaveProperty('value', '529.982.247-25');
      await user.type(phone, '11987654321');
      expect(phone).toHaveProperty('value', '(11) 98765-4321');
    });

    it('refuses a CPF with fewer than 11 digits', async () => {
      const save = vi.fn(() => ({ body: baseProfile }));
      mockApi({ ...accountApi(), 'PUT /api/profile': save });
      renderRoutes(routes, '/profile');
      await openForm();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('CPF'), '1234567');
      await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
      expect(await screen.findByText('CPF Inválido')).toBeDefined();
      const cpf = screen.getByLabelText('CPF');
      expect(cpf.getAttribute('aria-invalid')).toBe('true');
      const errorId = cpf.getAttribute('aria-describedby')!;
      expect(document.getElementById(errorId)?.textContent).toBe(
        'O CPF deve ter pelo menos 11 dígitos.',
      );
      expect(save).not.toHaveBeenCalled();
    });

    it('refuses a phone with fewer than 10 digits', async () => {
      mockApi(accountApi());
      renderRoutes(routes, '/profile');
      await openForm();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Telefone'), '119876');
      await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
      expect(await screen.findByText('Telefone Inválido')).toBeDefined();
      expect(
        screen.getAllByText('O telefone deve ter pelo menos 10 dígitos.').length,
      ).toBeGreaterThan(0);
    });

    it('requires the name and checks the PIX key by its type', async () => {
      mockApi(accountApi());
      renderRoutes(routes, '/profile');
      const name = await openForm();
      const user = userEvent.setup();
      await user.clear(name);
      await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
      expect(await screen.findByText('Erro ao Atualizar')).toBeDefined();
      expect(screen.getAllByText('O nome completo é obrigatório.').length).toBeGreaterThan(0);

      await user.type(name, 'Maria Souza');
      await user.selectOptions(screen.getByLabelText('Tipo da chave PIX'), 'cpf');
      await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
      expect(
        (await screen.findAllByText('Chave PIX inválida: informe um CPF válido.')).length,
      ).toBeGreaterThan(0);
    });

    it('shows the server message of a 409', async () => {
      mockApi({
        ...accountApi(),
        'PUT /api/profile': {
          status: 409,
          body: {
            error: {
              code: 'CONFLICT',
              message: 'Esta chave PIX já está sendo utilizada por outro usuário.',
            },
          },
        },
      });
      renderRoutes(routes, '/profile');
      await openForm();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
      expect(await screen.findByText('Erro ao Atualizar')).toBeDefined();
      expect(
        screen.getByText('Esta chave PIX já está sendo utilizada por outro usuário.'),
      ).toBeDefined();
    });

    it('saves the fields as typed and confirms', async () => {
      let sent: unknown;
      mockApi({
        ...accountApi(),
        'PUT /api/profile': ({ body }) => {
          sent = body;
          return { body: { ...baseProfile, cpf: '52998224725', telefone: '11987654321' } };
        },
      });
      renderRoutes(routes, '/profile');
      await openForm();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('CPF'), '52998224725');
      await user.type(screen.getByLabelText('Telefone'), '11987654321');
      await user.type(screen.getByLabelText('Endereço completo'), 'Rua A, 1');
      await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
      expect(await screen.findByText('Perfil Atualizado')).toBeDefined();
      expect(sent).toEqual({
        nomeCompleto: 'Maria Souza',
        chavePixTipo: 'email',
        chavePix: 'maria@example.com',
        cpf: '529.982.247-25',
        telefone: '(11) 98765-4321',
        dataNascimento: '1990-05-10',
        enderecoCompleto: 'Rua A, 1',
      });
    });
  });

  describe('LGPD', () => {
    it('offers the data download and a guarded deletion', async () => {
      const remove = vi.fn(() => ({ body: { ok: true } }));
      mockApi({ ...accountApi(), 'POST /api/profile/delete': remove });
      renderRoutes([...routes, { path: '/', element: <h1>Início</h1> }], '/profile');
      const download = await screen.findByRole('link', { name: 'Baixar meus dados' });
      expect(download.getAttribute('href')).toBe('/api/profile/export');
      expect(download.hasAttribute('download')).toBe(true);
      const summary = screen.getByRole('link', { name: 'Ver resumo para imprimir' });
      expect(summary.getAttribute('href')).toBe('/api/profile/export/resumo');

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
      const dialog = await screen.findByRole('dialog', { name: 'Excluir minha conta' });
      expect(dialog.textContent).toContain('anonimizados');
      expect(dialog.textContent).toContain('exigido por lei');
      const confirm = within(dialog).getByRole('button', { name: 'Excluir definitivamente' });
      expect(confirm).toHaveProperty('disabled', true);
      await user.type(within(dialog).getByLabelText(/para confirmar/), 'EXCLUIR');
      await user.type(within(dialog).getByLabelText('Sua senha'), 'segredo1');
      expect(confirm).toHaveProperty('disabled', false);
      await user.click(confirm);
      expect(await screen.findByRole('heading', { name: 'Início' })).toBeDefined();
      expect(screen.getByText('Conta excluída')).toBeDefined();
      expect(screen.getByText('Seus dados pessoais foram anonimizados.')).toBeDefined();
      expect(remove).toHaveBeenCalledTimes(1);
    });
  });
});
