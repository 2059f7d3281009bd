import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@sorteio/shared';
import { adminUser, mockApi, type MockReply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AuditTab from '../index';

afterEach(() => vi.unstubAllGlobals());

const entry = (i: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `a-${i}`,
  actorId: 'u-2',
  actorEmail: 'dono@example.com',
  actorRole: 'admin',
  action: 'room.update',
  targetType: 'room',
  targetId: `sala-${i}`,
  before: null,
  after: null,
  ip: '203.0.113.7',
  createdAt: '2026-11-23T15:04:00.000Z',
  ...over,
});

const page = (items: AuditEntry[], over: { total?: number; page?: number } = {}) => ({
  body: { items, total: over.total ?? items.length, page: over.page ?? 1, pageSize: 50 },
});

function setup(reply: MockReply = page([])) {
  const fetchMock = mockApi({
    'GET /api/me': { body: { user: adminUser } },
    'GET /api/admin/audit': reply,
  });
  renderWithProviders(<AuditTab />);
  /** The query strings of the audit requests so far, in order. */
  const asked = () =>
    fetchMock.mock.calls
      .map(([input]) => input)
      .filter((url): url is string => typeof url === 'string')
      .map((url) => new URL(url, 'http://localhost'))
      .filter((url) => url.pathname === '/api/admin/audit')
      .map((url) => Object.fromEntries(url.searchParams));
  return { asked };
}

const table = () =>
  screen.findByRole('table', { name: 'Registro de auditoria' }, { timeout: 8000 });

describe('audit tab', { timeout: 20_000 }, () => {
  it('lists each entry with time, staff member and role, action and target labels and IP', async () => {
    const user = userEvent.setup();
    const { asked } = setup(
      page([
        entry(1, {
          before: { nome: 'Sala Ouro', valorEntrada: 1000 },
          after: { nome: '<b>Sala Ouro</b>', valorEntrada: 1500 },
        }),
        entry(2, {
          actorEmail: 'ana@example.com',
          actorRole: 'manager',
          action: 'custom.thing',
          targetType: 'payout',
          targetId: null,
          ip: null,
        }),
      ]),
    );
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1]!.textContent;
    // 15:04 UTC is 12:04 in Brasília.
    for (const part of ['23/11/2026 12:04', 'dono@example.com', 'Administrador', 'Sala editada'])
      expect(first).toContain(part);
    expect(first).toContain('room.update');
    expect(first).toContain('sala-1');
    expect(first).toContain('203.0.113.7');
    const second = rows[2]!.textContent;
    for (const part of ['ana@example.com', 'Gerente', 'custom.thing', 'Pagamento', '—'])
      expect(second).toContain(part);
    expect(screen.getByText('2 registros')).toBeDefined();
    expect(asked()).toEqual([{}]);

    // Before and after, as JSON text (never markup).
    await user.click(within(rows[1]!).getByRole('button', { name: /Ver detalhes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sala editada' });
    const before = within(dialog).getByRole('region', { name: 'Antes' });
    const after = within(dialog).getByRole('region', { name: 'Depois' });
    expect(before.querySelector('pre')?.textContent).toBe(
      '{\n  "nome": "Sala Ouro",\n  "valorEntrada": 1000\n}',
    );
    expect(after.querySelector('pre')?.textContent).toContain('"nome": "<b>Sala Ouro</b>"');
    expect(after.querySelector('b')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the filters as query parameters and pages through the results', async () => {
    const user = userEvent.setup();
    const { asked } = setup(page([entry(1)], { total: 120 }));
    await table();
    await user.type(screen.getByLabelText('Membro da equipe'), 'ana@');
    await user.selectOptions(screen.getByLabelText('Ação'), 'Salas: todas');
    await user.type(screen.getByLabelText('Alvo'), 'user');
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-11-23' } });
    // Nothing is asked until 'Filtrar'.
    expect(asked()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    const filters = {
      actor: 'ana@',
      action: 'room.',
      target: 'user',
      from: '2026-11-01',
      to: '2026-11-23',
    };
    await waitFor(() => expect(asked().at(-1)).toEqual(filters));

    await user.click(await screen.findByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ ...filters, page: '2' }));

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({}));
    expect(screen.getByLabelText<HTMLInputElement>('Membro da equipe').value).toBe('');
  });

  it('refuses an end date before the start date without asking the server', async () => {
    const user = userEvent.setup();
    const { asked } = setup();
    await table();
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-11-23' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(
      await screen.findByText('A data final deve ser igual ou posterior à inicial.'),
    ).toBeDefined();
    expect(asked()).toHaveLength(1);
  });

  it("names the staff actions on a player's private room and document reads", async () => {
    setup(
      page([
        entry(1, { action: 'private_room.close', targetType: 'private_room' }),
        entry(2, {
          actorRole: 'support',
          action: 'identity.document.read',
          targetType: 'user',
          after: { file: 'selfie' },
        }),
      ]),
    );
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Sala privada fechada pela equipe');
    expect(rows[1]!.textContent).toContain('Sala privada');
    expect(rows[2]!.textContent).toContain('Documento de identidade consultado');
    expect(rows[2]!.textContent).toContain('Usuário');
  });

  it("shows 'Nenhum registro de auditoria.' for an empty log", async () => {
    setup();
    expect(within(await table()).getByText('Nenhum registro de auditoria.')).toBeDefined();
    expect(screen.getByText('0 registros')).toBeDefined();
  });

  it('shows the failure with a retry', async () => {
    setup({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'Sem permissão.' } } });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Erro ao carregar a auditoria');
    expect(alert.textContent).toContain('Sem permissão.');
    expect(within(alert).getByRole('button', { name: 'Tentar Novamente' })).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
