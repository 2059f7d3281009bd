import { expect } from 'vitest';
import { can } from '@sorteio/shared';
import { createUser, signIn, verifiedPlayer } from '../../test/helpers';
import {
  type Walk,
  ctx,
  fund,
  ip,
  mayManageRooms,
  next,
  payout,
  privateRoom,
  room,
  send,
  staff,
  ticket,
  withDocuments,
} from './setup';

/** Staff actions on private rooms, accounts, rooms, money and support tickets. */
export const walkedAccountsRooms: Record<string, Walk> = {
  // Outside /api/admin: staff acting on a player's private room (rooms.manage).
  'PUT /api/private-rooms/:id': {
    call: async () => ({
      url: `/api/private-rooms/${await privateRoom()}`,
      body: { roomName: `Moderada ${next()}` },
    }),
  },
  'POST /api/private-rooms/:id/close': {
    call: async () => ({ url: `/api/private-rooms/${await privateRoom()}/close`, body: {} }),
  },
  'POST /api/private-rooms/:id/draw': {
    roles: mayManageRooms,
    call: async () => ({ url: `/api/private-rooms/${await privateRoom(true)}/draw`, body: {} }),
  },
  // Accounts.
  'POST /api/admin/users': {
    call: async () => ({
      url: '/api/admin/users',
      body: {
        kind: 'user',
        nome_completo: 'Pessoa Nova',
        email: `caminhada${next()}-${Date.now()}@teste.com.br`,
        role: 'user',
      },
    }),
  },
  'POST /api/admin/users/:userId/set-password-link': {
    // An account added by staff that has not set its password yet.
    call: async () => {
      const added = await send('POST', '/api/admin/users', staff.admin.cookie, {
        kind: 'user',
        nome_completo: 'Pessoa Nova',
        email: `caminhada${next()}-${Date.now()}@teste.com.br`,
        role: 'user',
      });
      expect(added.statusCode, added.body).toBe(200);
      return { url: `/api/admin/users/${added.json<{ id: string }>().id}/set-password-link` };
    },
  },
  'POST /api/admin/staff-sessions/:id/end': {
    // A live session of another employee.
    call: async () => {
      const employee = await createUser(ctx, {
        role: 'support',
        profile: { nomeCompleto: 'Equipe' },
      });
      await signIn(ctx, employee, ip());
      const list = await send('GET', '/api/admin/staff-sessions', staff.admin.cookie);
      const session = list
        .json<{ items: { id: string; userId: string }[] }>()
        .items.find((i) => i.userId === employee.id);
      return { url: `/api/admin/staff-sessions/${session!.id}/end` };
    },
  },
  'POST /api/admin/users/:userId/status': {
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/status`,
      body: { statusConta: 'suspenso' },
    }),
  },
  'POST /api/admin/users/:userId/verified': {
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/verified`,
      body: { verified: true },
    }),
  },
  'POST /api/admin/users/:userId/role': {
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx, { role: 'attendant' })).id}/role`,
      body: { role: 'support' },
    }),
  },
  'POST /api/admin/verifications/:userId/review': {
    roles: (role) => can(role, 'identity.review'),
    call: async () => ({
      url: `/api/admin/verifications/${await withDocuments()}/review`,
      body: { decision: 'rejeitar', motivo: 'Foto ilegível' },
    }),
  },
  // Rooms.
  'POST /api/admin/rooms': { call: async () => ({ url: '/api/admin/rooms', body: {} }) },
  'PUT /api/admin/rooms/:id': {
    call: async () => ({ url: `/api/admin/rooms/${await room()}`, body: { valorEntrada: 700 } }),
  },
  'POST /api/admin/rooms/:id/status': {
    call: async () => ({
      url: `/api/admin/rooms/${await room()}/status`,
      body: { status: 'fechada' },
    }),
  },
  'DELETE /api/admin/rooms/:id': {
    call: async () => ({ url: `/api/admin/rooms/${await room()}` }),
  },
  'POST /api/admin/rooms/:id/draw': {
    // "Sortear agora" needs two paid entrants (fewer is a cancellation with refunds).
    call: async () => {
      const id = await room();
      for (let i = 0; i < 2; i += 1) {
        const p = await verifiedPlayer(ctx, ip());
        await fund(p, 500);
        const joined = await send('POST', `/api/rooms/${id}/join`, p.cookie, { metodo: 'balance' });
        expect(joined.statusCode, joined.body).toBe(200);
      }
      return { url: `/api/admin/rooms/${id}/draw` };
    },
  },
  'POST /api/admin/rooms/:id/cancel': {
    call: async () => ({ url: `/api/admin/rooms/${await room()}/cancel` }),
  },
  // Money.
  'POST /api/admin/finance/payouts/:id/retry': {
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/retry` }),
  },
  'POST /api/admin/finance/payouts/:id/credit': {
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/credit` }),
  },
  'POST /api/admin/finance/audit': { call: async () => ({ url: '/api/admin/finance/audit' }) },
  'POST /api/admin/diagnostics': { call: async () => ({ url: '/api/admin/diagnostics' }) },
  // Support tickets answered and closed by staff.
  'POST /api/admin/support/tickets/:id/reply': {
    call: async () => ({
      url: `/api/admin/support/tickets/${await ticket()}/reply`,
      body: { message: 'Olá! Já verificamos e está tudo certo.' },
    }),
  },
  'POST /api/admin/support/tickets/:id/close': {
    call: async () => ({ url: `/api/admin/support/tickets/${await ticket()}/close` }),
  },
};
