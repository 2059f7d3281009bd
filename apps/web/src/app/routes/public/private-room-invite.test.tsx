import { formatBRL } from '@sorteio/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeParticipation } from '@/test/fixtures';
import { mockApi, regularUser, type MockHandler } from '@/test/mock-api';
import { INVITE_CODE, makeInvite, makePrivateRoom, privateIds } from '@/test/private-room-fixtures';
import { renderRoutes } from '@/test/render';
import PrivateRoomInvitePage from './private-room-invite';

const routes = [
  { path: '/private-room-invite/:inviteCode', element: <PrivateRoomInvitePage /> },
  { path: '/register', element: <h1>Criar conta</h1> },
  { path: '/login', element: <h1>Entrar</h1> },
  { path: '/profile', element: <h1>Meu Perfil</h1> },
  { path: '/private-room/:id', element: <h1>Detalhe da sala</h1> },
  { path: '/private-rooms', element: <h1>Minhas salas</h1> },
];
const INVITE = `/api/private-rooms/invite/${INVITE_CODE}`;
const me = { 'GET /api/me': { body: { user: regularUser } } };

describe('invite screen', () => {
  it('shows the invitation and joins with "Sucesso!"', async () => {
    const join = vi.fn<MockHandler>(() => ({
      body: { participation: makeParticipation(), room: makePrivateRoom() },
    }));
    mockApi({
      ...me,
      [`GET ${INVITE}`]: { body: makeInvite({ entryValue: 123456 }) },
      [`POST ${INVITE}/join`]: join,
    });
    const { router } = renderRoutes(routes, `/private-room-invite/${INVITE_CODE}`);
    expect(await screen.findByRole('heading', { name: 'Entrar na Sala Privada' })).toBeDefined();
    expect(screen.getByText('Você foi convidado para a sala: Sala dos Amigos')).toBeDefined();
    expect(screen.getByText('Valor de entrada: R$ 1.234,56')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Cancelar' }).getAttribute('href')).toBe(
      '/private-rooms',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Entrar na Sala' }));
    expect(await screen.findByRole('heading', { name: 'Detalhe da sala' })).toBeDefined();
    expect(router.state.location.pathname).toBe(`/private-room/${privateIds.room}`);
    expect(screen.getByText('Sucesso!')).toBeDefined();
    expect(screen.getByText('Você entrou na sala!')).toBeDefined();
  });

  it('opens the room for someone already in it', async () => {
    mockApi({
      ...me,
      [`GET ${INVITE}`]: { body: makeInvite() },
      [`POST ${INVITE}/join`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            reason: 'ALREADY_JOINED',
            message: 'Você já está participando desta sala',
          },
        },
      },
    });
    const { router } = renderRoutes(routes, `/private-room-invite/${INVITE_CODE}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Entrar na Sala' }));
    expect(await screen.findByRole('heading', { name: 'Detalhe da sala' })).toBeDefined();
    expect(router.state.location.pathname).toBe(`/private-room/${privateIds.room}`);
    expect(screen.getByText('Aviso')).toBeDefined();
  });

  it("says 'Convite inválido ou sala não encontrada.' for an unknown code", async () => {
    const lookup = vi.fn<MockHandler>(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Código de convite inválido' } },
    }));
    mockApi({ ...me, [`GET ${INVITE}`]: lookup });
    renderRoutes(routes, `/private-room-invite/${INVITE_CODE}`);
    expect(
      await screen.findByRole('heading', { name: 'Convite inválido ou sala não encontrada.' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe(
      '/private-rooms',
    );
    expect(lookup).toHaveBeenCalledOnce();
  });

  it('shows a visitor the room, the fee, the prize, the seats and who invited, with sign-up first', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } }, [`GET ${INVITE}`]: { body: makeInvite() } });
    const { router } = renderRoutes(routes, `/private-room-invite/${INVITE_CODE}`);
    expect(await screen.findByRole('heading', { name: 'Entrar na Sala Privada' })).toBeDefined();
    expect(screen.getByText('Você foi convidado para a sala: Sala dos Amigos')).toBeDefined();
    expect(screen.getByText('Valor de entrada: R$ 10,00')).toBeDefined();
    expect(screen.getByText('João')).toBeDefined();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Vagas ocupadas': '2/5',
      'Taxa da Plataforma (10%)': formatBRL(500),
      'Prêmio Total': formatBRL(4500),
    });
    // No join for a visitor: the account comes first, and both ways lead back to this invite.
    expect(screen.queryByRole('button', { name: 'Entrar na Sala' })).toBeNull();
    const back = encodeURIComponent(`/private-room-invite/${INVITE_CODE}`);
    expect(screen.getByRole('link', { name: 'Já tenho conta' }).getAttribute('href')).toBe(
      `/login?redirect=${back}`,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Criar conta e entrar' }));
    expect(await screen.findByRole('heading', { name: 'Criar conta' })).toBeDefined();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/register?redirect=${back}`,
    );
  });

  it('tells a friend who is not verified the next step with a button that stays, not a toast', async () => {
    mockApi({
      ...me,
      [`GET ${INVITE}`]: { body: makeInvite() },
      [`POST ${INVITE}/join`]: {
        status: 403,
        body: {
          error: {
            code: 'FORBIDDEN',
            reason: 'NOT_VERIFIED',
            message: 'Verificação Necessária: envie uma foto do documento e uma selfie.',
          },
        },
      },
    });
    const { router } = renderRoutes(routes, `/private-room-invite/${INVITE_CODE}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Entrar na Sala' }));
    const step = await screen.findByRole('region', {
      name: 'Falta verificar sua identidade para entrar na sala',
    });
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(within(step).getByRole('link', { name: 'Enviar documento' }));
    expect(await screen.findByRole('heading', { name: 'Meu Perfil' })).toBeDefined();
    expect(router.state.location.search).toBe('?tab=verificacao');
    // The invite is remembered for after the approval.
    expect(sessionStorage.getItem('sorteio:return-to-room')).toContain(
      `/private-room-invite/${INVITE_CODE}`,
    );
  });

  it('offers the room itself to someone already in it, and no join to a full room', async () => {
    mockApi({ ...me, [`GET ${INVITE}`]: { body: makeInvite({ alreadyIn: true }) } });
    renderRoutes(routes, `/private-room-invite/${INVITE_CODE}`);
    expect((await screen.findByRole('link', { name: 'Ver a sala' })).getAttribute('href')).toBe(
      `/private-room/${privateIds.room}`,
    );
  });

  it('disables the join of a room that takes no more seats', async () => {
    mockApi({
      ...me,
      [`GET ${INVITE}`]: { body: makeInvite({ open: false, currentParticipants: 5 }) },
    });
    renderRoutes(routes, `/private-room-invite/${INVITE_CODE}`);
    const join = await screen.findByRole('button', { name: 'Entrar na Sala' });
    expect((join as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sem vagas')).toBeDefined();
  });
});
