/** The participate page: the join dialog. */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { baseProfile } from '@/features/profile/test-data';
import { brl, ids, makeParticipation, makeRoom, makeWallet } from '@/test/fixtures';
import { type MockHandler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { roomToReturn } from '@/lib/return-to-room';
import { routes, ROOM_PAGE, roomApi, openDialog, joinError } from './participate.test-setup';

describe('join dialog', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it("asks an unverified person to verify, with 'Verificar Agora'", async () => {
    roomApi({ 'GET /api/profile': { body: baseProfile } });
    renderRoutes(routes, ROOM_PAGE);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Verificação Necessária')).toBeDefined();
    // The profile fields the verification needs that are still empty come first.
    expect(within(dialog).getByText(/Na aba Perfil, preencha primeiro/)).toBeDefined();
    expect(within(dialog).getByText('CPF')).toBeDefined();
    expect(within(dialog).getByText('Abra a aba Verificação.')).toBeDefined();
    expect(within(dialog).getByText('Envie uma foto do documento e uma selfie.')).toBeDefined();
    expect(within(dialog).getByText('A verificação automática é instantânea.')).toBeDefined();
    expect(within(dialog).getByRole('link', { name: 'Verificar Agora' }).getAttribute('href')).toBe(
      '/profile?tab=verificacao',
    );
    expect(within(dialog).queryByRole('button', { name: 'Participar' })).toBeNull();
    // The room is remembered, to come back to it once the identity is verified.
    expect(roomToReturn()).toEqual({ path: ROOM_PAGE, name: 'Sala Ouro' });
  });

  it('names no profile field when the profile is complete', async () => {
    roomApi({ 'GET /api/profile': { body: { ...baseProfile, cpf: '52998224725' } } });
    renderRoutes(routes, ROOM_PAGE);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Verificação Necessária')).toBeDefined();
    expect(within(dialog).queryByText(/preencha primeiro/)).toBeNull();
  });

  it('shows the room and the payment methods, PIX by default, with the balance', async () => {
    roomApi();
    renderRoutes(routes, ROOM_PAGE);
    const { dialog } = await openDialog();
    // Both balances, by their names, and their sum.
    expect(
      await within(dialog).findByText(
        `Disponível: ${brl(1100)} (Saldo ${brl(600)} + Cashback ${brl(500)}). O Cashback é usado primeiro.`,
      ),
    ).toBeDefined();
    expect(within(dialog).getByText('Participar da')).toBeDefined();
    expect(within(dialog).getByRole('radio', { name: /PIX/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: /Saldo/ })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDefined();
  });

  it('blocks the balance when it is below the entry value', async () => {
    roomApi({ 'GET /api/wallet': { body: makeWallet({ saldo: 300, cashback: 200 }) } });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível: R\$ 5,00/);
    await user.click(within(dialog).getByRole('radio', { name: /Saldo/ }));
    expect(
      within(dialog).getByText('Saldo insuficiente. Adicione saldo na seção Cashback.'),
    ).toBeDefined();
    expect(within(dialog).getByRole('link', { name: 'Adicionar saldo' }).getAttribute('href')).toBe(
      '/cashback',
    );
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toHaveProperty(
      'disabled',
      true,
    );
    // Back to PIX: allowed again.
    await user.click(within(dialog).getByRole('radio', { name: /PIX/ }));
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('creates a PIX seat and goes to the payment page with the right query', async () => {
    const join = vi.fn<MockHandler>(() => ({
      body: {
        participation: makeParticipation({
          statusPagamento: 'pendente',
          metodoPagamento: 'pix',
          numeroSorte: 'O7777123',
          valorPago: 1000,
          expiresAt: '2099-01-01T00:00:00.000Z',
        }),
        room: makeRoom({ participantesAtual: 4 }),
      },
    }));
    roomApi({ [`POST /api/rooms/${ids.room}/join`]: join });
    const { router } = renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));

    expect(await screen.findByRole('heading', { name: 'Página de pagamento' })).toBeDefined();
    expect(join.mock.calls[0]?.[0].body).toEqual({ metodo: 'pix' });
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/payment');
    const params = new URLSearchParams(search);
    expect(params.get('participacao_id')).toBe(ids.participation);
    expect(params.get('valor')).toBe('10.00');
    expect(params.get('descricao')).toBe('Participação em sorteio - Sala Ouro');
    expect(screen.getByText('Participação Criada!')).toBeDefined();
    expect(
      screen.getByText('Seu número da sorte: O7777123. Agora efetue o pagamento.'),
    ).toBeDefined();
  });

  it('confirms a seat paid from the balance at once', async () => {
    let joined = false;
    const seat = makeParticipation({ numeroSorte: 'O5555999' });
    roomApi({
      [`POST /api/rooms/${ids.room}/join`]: () => {
        joined = true;
        return { body: { participation: seat, room: makeRoom({ participantesAtual: 4 }) } };
      },
      [`GET /api/rooms/${ids.room}/my-participation`]: () => ({
        body: { participation: joined ? seat : null },
      }),
    });
    const { router } = renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('radio', { name: /Saldo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));

    // Money moves at once: the amount is confirmed first, with where it comes from.
    expect(await within(dialog).findByText(`Pagar ${brl(1000)} com o seu Saldo?`)).toBeDefined();
    expect(within(dialog).getByText('Do Cashback').nextSibling?.textContent).toBe('R$\u00a05,00');
    expect(within(dialog).getByText('Do Saldo').nextSibling?.textContent).toBe('R$\u00a05,00');
    expect(joined).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }));

    expect(await screen.findByText('Participação Confirmada!')).toBeDefined();
    expect(screen.getByText('Seu número da sorte: O5555999')).toBeDefined();
    expect(await screen.findByText('Você já está participando desta sala!')).toBeDefined();
    expect(screen.getByText('4/10')).toBeDefined();
    expect(router.state.location.pathname).toBe('/participate');
  });

  it.each([
    [403, 'NOT_VERIFIED', 'Verificação Necessária'],
    [409, 'ROOM_NOT_OPEN', 'Esta sala não está mais disponível para participação'],
    [409, 'ROOM_FULL', 'Sala lotada! Não há mais vagas disponíveis'],
    [409, 'ALREADY_JOINED', 'Você já está participando desta sala!'],
    [400, 'INSUFFICIENT_BALANCE', 'Saldo insuficiente. Adicione saldo na seção Cashback.'],
    [401, undefined, 'Usuário não autenticado'],
  ])("shows 'Erro ao participar' for %s %s", async (status, reason, message) => {
    roomApi({ [`POST /api/rooms/${ids.room}/join`]: joinError(status, reason, message) });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    const toast = (await screen.findAllByText('Erro ao participar'))
      .map((title) => title.closest<HTMLElement>('[data-slot="toast"]'))
      .find((el) => el !== null);
    expect(within(toast!).getByText(message)).toBeDefined();
    // The dialog stays open with the error under the form, unless the room changed (409).
    if (status === 409) {
      expect(screen.queryByRole('dialog')).toBeNull();
    } else {
      const dialog = screen.getByRole('dialog');
      const inline = within(dialog).getByText('Erro ao participar').closest('[data-slot="alert"]');
      expect(within(inline as HTMLElement).getByText(message)).toBeDefined();
    }
  });

  it('asks before paying from the balance, and shows a refusal inside the dialog', async () => {
    const join = vi.fn<MockHandler>(() =>
      joinError(
        400,
        'INSUFFICIENT_BALANCE',
        'Saldo insuficiente. Adicione saldo na seção Cashback.',
      ),
    );
    roomApi({ [`POST /api/rooms/${ids.room}/join`]: join });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    await user.click(within(dialog).getByRole('radio', { name: /Saldo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    expect(await within(dialog).findByText(`Pagar ${brl(1000)} com o seu Saldo?`)).toBeDefined();

    // 'Voltar' goes back to the form without paying.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(join).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('radio', { name: /Saldo/ })).toHaveProperty('checked', true);

    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar pagamento' }));
    expect(join.mock.calls[0]?.[0].body).toEqual({ metodo: 'balance' });
    const inline = (await within(dialog).findByText('Erro ao participar')).closest(
      '[data-slot="alert"]',
    );
    expect(
      within(inline as HTMLElement).getByText(
        'Saldo insuficiente. Adicione saldo na seção Cashback.',
      ),
    ).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Participar' })).toBeDefined();
  });

  it('remembers the room when the server refuses an unverified person', async () => {
    roomApi({
      [`POST /api/rooms/${ids.room}/join`]: joinError(
        403,
        'NOT_VERIFIED',
        'Verificação Necessária',
      ),
    });
    renderRoutes(routes, ROOM_PAGE);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(/Disponível:/);
    expect(roomToReturn()).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Participar' }));
    await screen.findAllByText('Erro ao participar');
    expect(roomToReturn()?.path).toBe(ROOM_PAGE);
  });
});
