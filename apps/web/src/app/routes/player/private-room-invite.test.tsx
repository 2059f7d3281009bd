import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeParticipation } from '@/test/fixtures';
import { mockApi, regularUser, type MockHandler } from '@/test/mock-api';
import { INVITE_CODE, makePrivateRoom, privateIds } from '@/test/private-room-fixtures';
import { renderRoutes } from '@/test/render';
import PrivateRoomInvitePage from './private-room-invite';

const routes = [
  { path: '/private-room-invite/:inviteCode', element: <PrivateRoomInvitePage /> },
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
      [`GET ${INVITE}`]: {
        body: { id: privateIds.room, roomName: 'Sala dos Amigos', entryValue: 123456 },
      },
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
      [`GET ${INVITE}`]: {
        body: { id: privateIds.room, roomName: 'Sala dos Amigos', entryValue: 1000 },
      },
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
});
