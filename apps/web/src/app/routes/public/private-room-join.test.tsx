import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeParticipation } from '@/test/fixtures';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import { makePrivateRoom, privateIds, ROOM_CODE } from '@/test/private-room-fixtures';
import { renderRoutes } from '@/test/render';
import PrivateRoomJoinPage from './private-room-join';
import { lucky } from '@/test/lucky';

const routes = [
  { path: '/private-room', element: <PrivateRoomJoinPage /> },
  { path: '/private-room/:id', element: <h1>Detalhe da sala</h1> },
  { path: '/login', element: <h1>Entrar</h1> },
  { path: '/dashboard', element: <h1>Painel</h1> },
];

const BY_CODE = `/api/private-rooms/by-code/${ROOM_CODE}`;

function byCode(overrides: Record<string, unknown> = {}) {
  const room = makePrivateRoom();
  return {
    id: room.id,
    roomName: room.roomName,
    roomCode: room.roomCode,
    entryValue: room.entryValue,
    maxParticipants: room.maxParticipants,
    currentParticipants: 2,
    prizeTotal: room.prizeTotal,
    createdAt: room.createdAt,
    participants: [
      { luckyNumber: '111111', joinedAt: '2025-01-02T12:00:00.000Z' },
      { luckyNumber: '222222', joinedAt: '2025-01-03T12:00:00.000Z' },
    ],
    full: false,
    alreadyIn: false,
    ...overrides,
  };
}

function joinApi(user: unknown, overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user } },
    [`GET ${BY_CODE}`]: { body: byCode() },
    ...overrides,
  });
}

describe('join by code', () => {
  it('shows the room name with a capital first letter (the stored name is kept)', async () => {
    joinApi(null, { [`GET ${BY_CODE}`]: { body: byCode({ roomName: 'churrasco da firma' }) } });
    renderRoutes(routes, `/private-room?code=${ROOM_CODE}`);
    expect(await screen.findByRole('heading', { name: 'Churrasco da firma' })).toBeDefined();
  });

  it('shows the room and asks an anonymous visitor to sign in (the code is uppercased)', async () => {
    joinApi(null);
    renderRoutes(routes, `/private-room?code=${ROOM_CODE.toLowerCase()}`);
    expect(screen.getByText('Carregando sala privada...')).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Sala dos Amigos' })).toBeDefined();
    expect(screen.getByText('Vagas Disponíveis')).toBeDefined();
    expect(screen.getByText('2/10')).toBeDefined();
    expect(screen.getByText('Prêmio Total')).toBeDefined();
    expect(screen.getByText(lucky('111111'))).toBeDefined();
    expect(screen.getByText('2.')).toBeDefined();
    expect(screen.getByText('Faça login para participar desta sala')).toBeDefined();
    // Signing in, or creating an account, comes back to this room.
    const here = encodeURIComponent(`/private-room?code=${ROOM_CODE.toLowerCase()}`);
    expect(screen.getByRole('link', { name: 'Fazer Login' }).getAttribute('href')).toBe(
      `/login?redirect=${here}`,
    );
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe(
      `/register?redirect=${here}`,
    );
  });

  it("says 'Esta sala está cheia' with 'Sala Cheia'", async () => {
    joinApi(regularUser, { [`GET ${BY_CODE}`]: { body: byCode({ full: true }) } });
    renderRoutes(routes, `/private-room?code=${ROOM_CODE}`);
    expect(await screen.findByText('Esta sala está cheia')).toBeDefined();
    expect(screen.getByText('Sala Cheia')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Participar da Sala' })).toBeNull();
  });

  it("says 'Você já está participando desta sala'", async () => {
    joinApi(regularUser, { [`GET ${BY_CODE}`]: { body: byCode({ alreadyIn: true }) } });
    renderRoutes(routes, `/private-room?code=${ROOM_CODE}`);
    expect(await screen.findByText('Você já está participando desta sala')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Participar da Sala' })).toBeNull();
  });

  it("says 'Sala não encontrada' with a way back to the dashboard", async () => {
    joinApi(regularUser, {
      [`GET ${BY_CODE}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Sala não encontrada' } },
      },
    });
    renderRoutes(routes, `/private-room?code=${ROOM_CODE}`);
    expect(await screen.findByRole('heading', { name: 'Sala não encontrada' })).toBeDefined();
    expect(screen.getByText('A sala privada não existe ou não está mais ativa.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar ao Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it("joins with '✅ Entrou na sala!' and the lucky number, then opens the room", async () => {
    const join = vi.fn<MockHandler>(() => ({
      body: {
        participation: makeParticipation({ numeroSorte: '654321' }),
        room: makePrivateRoom(),
      },
    }));
    joinApi(regularUser, { [`POST ${BY_CODE}/join`]: join });
    const { router } = renderRoutes(routes, `/private-room?code=${ROOM_CODE}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Participar da Sala' }));
    expect(await screen.findByRole('heading', { name: 'Detalhe da sala' })).toBeDefined();
    expect(router.state.location.pathname).toBe(`/private-room/${privateIds.room}`);
    expect(screen.getByText('Entrou na sala!')).toBeDefined();
    expect(screen.getByText(/654321/)).toBeDefined();
    expect(join).toHaveBeenCalledOnce();
  });

  it.each([
    ['ALREADY_JOINED', 'Aviso', 'Você já está participando desta sala'],
    ['ROOM_FULL', 'Erro', 'A sala está cheia'],
  ])('shows the toast for %s', async (reason, title, message) => {
    joinApi(regularUser, {
      [`POST ${BY_CODE}/join`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'x', reason } },
      },
    });
    renderRoutes(routes, `/private-room?code=${ROOM_CODE}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Participar da Sala' }));
    expect(await screen.findByText(title)).toBeDefined();
    expect(screen.getByText(message)).toBeDefined();
  });
});
