import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roomEditMessages, type AdminRoom } from '@sorteio/shared';
import { adminUser, mockApi, type MockHandler, type MockReply } from '@/test/mock-api';
import { makeRoom } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import RoomsTab from '../index';

afterEach(() => vi.unstubAllGlobals());

/** Text with the no-break space of the currency format made plain. */
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

const room = (over: Partial<AdminRoom> = {}): AdminRoom => ({
  ...makeRoom({
    id: '00000000-0000-4000-8000-000000000001',
    tipoSala: 'vip_ultra',
    participantesAtual: 0,
    commitment: 'ab',
    commitmentPublishedAt: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
  }),
  sorteioId: null,
  paidSeats: 0,
  entrantsEver: 0,
  privateRoomName: null,
  ...over,
});

function setup(routes: Record<string, MockHandler | MockReply>, role = 'admin') {
  const fetchMock = mockApi({
    'GET /api/me': { body: { user: { ...adminUser, role } } },
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter>
      <RoomsTab />
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('rooms tab', { timeout: 20_000 }, () => {
  it('shows the empty state', async () => {
    setup({ 'GET /api/admin/rooms': { body: [] } });
    expect(await screen.findByText('Nenhuma sala criada ainda')).toBeDefined();
  });

  it('lists rooms with badge, capitalised type, seats, fee, net prize and the proof link', async () => {
    setup({
      'GET /api/admin/rooms': {
        body: [
          room(),
          room({
            id: '00000000-0000-4000-8000-000000000002',
            tipoSala: 'ouro',
            status: 'sorteada',
            participantesAtual: 10,
            sorteioId: 'sort-1',
            paidSeats: 10,
          }),
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Salas' });
    const rows = within(table).getAllByRole('row');
    expect(text(rows[1]!)).toContain('Aberta');
    expect(text(rows[1]!)).toContain('VIP Ultra');
    expect(text(rows[1]!)).toContain('0/10');
    expect(text(rows[1]!)).toContain('20%');
    expect(text(rows[1]!)).toContain('R$ 80,00');
    expect(within(rows[2]!).getByText('Sorteada').className).toContain('bg-info');
    expect(within(rows[2]!).getByRole('link', { name: 'Prova' }).getAttribute('href')).toBe(
      '/sorteios/sort-1',
    );
  });

  it('creates a room with the defaults (the fee from the settings) and the live prize in centavos', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    setup({
      'GET /api/admin/rooms': { body: [] },
      'GET /api/admin/rooms/defaults': {
        body: {
          tipoSala: 'premium',
          valorEntrada: 1000,
          maxParticipantes: 10,
          taxaPersonalizadaBp: 1500,
          sorteioAutomatico: true,
          temLimitePessoas: true,
        },
      },
      'POST /api/admin/rooms': ({ body }) => {
        bodies.push(body);
        return { body: room() };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Nova Sala' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByLabelText<HTMLSelectElement>('Tipo de sala')).value).toBe(
      'premium',
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Taxa da plataforma (%)').value).toBe(
      '15',
    );
    const prizeBox = within(dialog).getByLabelText('Cálculo do prêmio');
    const prize = {
      get textContent() {
        return text(prizeBox);
      },
    };
    expect(prize.textContent).toContain('R$ 100,00');
    expect(prize.textContent).toContain('R$ 15,00');
    expect(prize.textContent).toContain('R$ 85,00');
    // 3 seats x R$ 3,33 at 12,5 %: gross 999, fee 124.875 -> 125 (half up), net 874.
    const valor = within(dialog).getByLabelText('Valor de entrada (R$)');
    await user.clear(valor);
    await user.type(valor, '3,33');
    const max = within(dialog).getByLabelText('Máx. participantes');
    await user.clear(max);
    await user.type(max, '3');
    const taxa = within(dialog).getByLabelText('Taxa da plataforma (%)');
    await user.clear(taxa);
    await user.type(taxa, '12,5');
    expect(prize.textContent).toContain('R$ 9,99');
    expect(prize.textContent).toContain('R$ 1,25');
    expect(prize.textContent).toContain('R$ 8,74');
    await user.clear(taxa);
    await user.type(taxa, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Sala' }));
    expect(await within(dialog).findByText('A taxa deve estar entre 0% e 50%.')).toBeDefined();
    expect(bodies).toEqual([]);
    await user.clear(taxa);
    await user.type(taxa, '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Sala' }));
    expect(await screen.findByText('Sala Criada!')).toBeDefined();
    expect(bodies).toEqual([
      {
        tipoSala: 'premium',
        valorEntrada: 333,
        maxParticipantes: 3,
        taxaPersonalizadaBp: 1250,
        sorteioAutomatico: true,
        temLimitePessoas: true,
        dataSorteio: null,
      },
    ]);
  });

  it('deletes an empty room only after confirmation, and toggles open/closed', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    setup({
      'GET /api/admin/rooms': { body: [room()] },
      'DELETE /api/admin/rooms/00000000-0000-4000-8000-000000000001': () => {
        calls.push('delete');
        return { body: { deleted: true } };
      },
      'POST /api/admin/rooms/00000000-0000-4000-8000-000000000001/status': ({ body }) => {
        calls.push(JSON.stringify(body));
        return { body: room({ status: 'fechada' }) };
      },
    });
    const menu = await screen.findByRole('button', { name: /Ações da sala/ });
    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Fechar' }));
    expect(await screen.findByText('Sala fechada.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: /Ações da sala/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog');
    expect(calls).toEqual(['{"status":"fechada"}']);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Sala Excluída!')).toBeDefined();
    await waitFor(() => expect(calls).toEqual(['{"status":"fechada"}', 'delete']));
  });

  it('offers draw and cancel but no delete once someone joined', async () => {
    const user = userEvent.setup();
    setup({
      'GET /api/admin/rooms': {
        body: [room({ participantesAtual: 2, paidSeats: 2, entrantsEver: 2 })],
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ações da sala/ }));
    expect(await screen.findByRole('menuitem', { name: 'Sortear agora' })).toBeDefined();
    expect(screen.getByRole('menuitem', { name: 'Cancelar e reembolsar' })).toBeDefined();
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull();
  });

  it('offers "Sortear agora" only when the draw can work (two paid entrants at least)', async () => {
    const user = userEvent.setup();
    setup({
      'GET /api/admin/rooms': {
        body: [room({ participantesAtual: 1, paidSeats: 1, entrantsEver: 1 })],
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ações da sala/ }));
    expect(await screen.findByRole('menuitem', { name: 'Cancelar e reembolsar' })).toBeDefined();
    expect(screen.queryByRole('menuitem', { name: 'Sortear agora' })).toBeNull();
  });

  it('says the draw closes an open room, and draws it', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    setup({
      'GET /api/admin/rooms': {
        body: [room({ participantesAtual: 3, paidSeats: 3, entrantsEver: 3 })],
      },
      'POST /api/admin/rooms/00000000-0000-4000-8000-000000000001/draw': () => {
        calls.push('draw');
        return { body: { result: 'drawn', sorteioId: 'sort-9' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ações da sala/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sortear agora' }));
    const dialog = await screen.findByRole('dialog');
    expect(text(dialog)).toContain(roomEditMessages.drawOpenHint);
    expect(text(dialog)).toContain('3 participações confirmadas');
    await user.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    expect(await screen.findByText('Sorteio realizado. A prova já está publicada.')).toBeDefined();
    expect(calls).toEqual(['draw']);
  });

  it('does not let a draw be confirmed while a PIX seat is being paid, and says why', async () => {
    const user = userEvent.setup();
    setup({
      'GET /api/admin/rooms': {
        body: [room({ status: 'fechada', participantesAtual: 3, paidSeats: 2, entrantsEver: 3 })],
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ações da sala/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sortear agora' }));
    const dialog = await screen.findByRole('dialog');
    expect(text(dialog)).toContain(roomEditMessages.drawClosedHint);
    expect(text(within(dialog).getByRole('alert'))).toContain(roomEditMessages.drawPendingPix);
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Sortear' }).disabled,
    ).toBe(true);
  });

  it('lists the total and every affected player before a cancellation is confirmed', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    setup({
      'GET /api/admin/rooms': {
        body: [room({ participantesAtual: 3, paidSeats: 2, entrantsEver: 3 })],
      },
      'GET /api/admin/rooms/00000000-0000-4000-8000-000000000001/cancel-preview': {
        body: {
          salaId: '00000000-0000-4000-8000-000000000001',
          total: 2000,
          pendingSeats: 1,
          players: [
            {
              userId: 'u-1',
              name: 'Ana Reembolso',
              email: 'ana@teste.com.br',
              amount: 1000,
              toSaldo: 700,
              toCashback: 300,
              cashbackReversed: 20,
              balances: { saldo: 9000, cashback: 20 },
            },
            {
              userId: 'u-2',
              name: 'Bruno Reembolso',
              email: 'bruno@teste.com.br',
              amount: 1000,
              toSaldo: 1000,
              toCashback: 0,
              cashbackReversed: 2,
              balances: { saldo: 8920, cashback: 2 },
            },
          ],
        },
      },
      'POST /api/admin/rooms/00000000-0000-4000-8000-000000000001/cancel': () => {
        calls.push('cancel');
        return { body: { refunded: 2 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ações da sala/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelar e reembolsar' }));
    const dialog = await screen.findByRole('dialog');
    const players = await within(dialog).findByRole('table', { name: 'Jogadores afetados' });
    expect(text(dialog)).toContain('Total a reembolsar: R$ 20,00 para 2 jogadores.');
    const rows = within(players).getAllByRole('row');
    expect(text(rows[1]!)).toContain('Ana Reembolso');
    expect(text(rows[1]!)).toContain('ana@teste.com.br');
    expect(text(rows[1]!)).toContain('R$ 7,00 no Saldo, R$ 3,00 no Cashback');
    expect(text(rows[1]!)).toContain('R$ 0,20');
    expect(text(rows[2]!)).toContain('Bruno Reembolso');
    expect(text(dialog)).toContain('1 reserva PIX sem pagamento será liberada.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar sala' }));
    expect(await screen.findByText('Sala cancelada; 2 entradas reembolsadas.')).toBeDefined();
    expect(calls).toEqual(['cancel']);
  });

  it('keeps no delete for a room whose seats were all cancelled (its history stays)', async () => {
    const user = userEvent.setup();
    setup({
      'GET /api/admin/rooms': { body: [room({ participantesAtual: 0, entrantsEver: 1 })] },
    });
    await user.click(await screen.findByRole('button', { name: /Ações da sala/ }));
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toBeDefined();
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull();
  });

  it('explains on screen why the price fields are locked once someone joined', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    setup({
      'GET /api/admin/rooms': {
        body: [room({ participantesAtual: 1, paidSeats: 0, entrantsEver: 1 })],
      },
      'PUT /api/admin/rooms/00000000-0000-4000-8000-000000000001': ({ body }) => {
        bodies.push(body);
        return { body: room({ sorteioAutomatico: false, entrantsEver: 1 }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ações da sala/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('note');
    expect(note.textContent).toContain('Campos bloqueados');
    expect(note.textContent).toContain(roomEditMessages.lockedNotice);
    for (const label of [
      'Tipo de sala',
      'Valor de entrada (R$)',
      'Máx. participantes',
      'Taxa da plataforma (%)',
    ]) {
      const field = within(dialog).getByLabelText<HTMLInputElement>(label);
      expect(field.disabled, label).toBe(true);
      // Each locked field says why, for assistive technology too.
      const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!);
      expect(hint?.textContent).toBe(roomEditMessages.lockedField);
    }
    expect(
      within(dialog).getByLabelText<HTMLInputElement>('Limite de participantes').disabled,
    ).toBe(true);
    const automatic = within(dialog).getByLabelText<HTMLInputElement>('Sorteio automático');
    expect(automatic.disabled).toBe(false);
    await user.click(automatic);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Sala Atualizada!')).toBeDefined();
    expect(bodies).toEqual([
      {
        tipoSala: 'vip_ultra',
        valorEntrada: 1000,
        maxParticipantes: 10,
        taxaPersonalizadaBp: 2000,
        sorteioAutomatico: false,
        temLimitePessoas: true,
        dataSorteio: null,
      },
    ]);
  });
});
