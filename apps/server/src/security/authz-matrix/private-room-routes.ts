import { type RouteSpec, rec, staffCanManageRooms } from './actors';

/** Private rooms, support, marketing consent, campaign links and the local outbox. */
export const privateRoomRoutes: Record<string, RouteSpec> = {
  // Private rooms.
  'GET /api/private-rooms': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/private-rooms' }),
  },
  'POST /api/private-rooms': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/private-rooms',
      body: { roomName: 'Outra sala', entryValue: 1000, maxParticipants: 5 },
    }),
  },
  // The join-by-code page is public: it asks anonymous visitors to sign in itself.
  'GET /api/private-rooms/by-code/:code': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/private-rooms/by-code/${rec.privateCode}` }),
  },
  'POST /api/private-rooms/by-code/:code/join': {
    access: { kind: 'player' },
    call: () => ({ url: `/api/private-rooms/by-code/${rec.privateCode}/join`, body: {} }),
  },
  // The invite page is public: the invite code in the link is the secret (rate-limited per address).
  'GET /api/private-rooms/invite/:inviteCode': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/private-rooms/invite/${rec.privateInvite}` }),
  },
  'POST /api/private-rooms/invite/:inviteCode/join': {
    access: { kind: 'player' },
    call: () => ({ url: `/api/private-rooms/invite/${rec.privateInvite}/join`, body: {} }),
  },
  // The room's page: anyone signed in who has its id (the code alone is enough to join).
  'GET /api/private-rooms/:id': {
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}` }),
  },
  'PUT /api/private-rooms/:id': {
    access: { kind: 'own', staff: staffCanManageRooms },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}`, body: { roomName: 'Renomeada' } }),
  },
  'POST /api/private-rooms/:id/pay-with-balance': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({
      url: `/api/private-rooms/${rec.privateId}/pay-with-balance`,
      body: { participacaoId: rec.privateSeat },
    }),
  },
  'POST /api/private-rooms/:id/close': {
    access: { kind: 'own', staff: staffCanManageRooms },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/close`, body: {} }),
  },
  'POST /api/private-rooms/:id/draw': {
    access: { kind: 'own', staff: staffCanManageRooms },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/draw`, body: {} }),
  },
  // The chat: members only; staff are not members.
  'GET /api/private-rooms/:id/messages': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/messages` }),
  },
  'POST /api/private-rooms/:id/messages': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/messages`, body: { message: 'Oi' } }),
  },
  // Support: the assistant answers anyone (account questions only from the caller's own data);
  // tickets belong to their author, and staff answer them from the administrator area.
  'POST /api/support/chat': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/support/chat', body: { message: 'Como faço um saque?' } }),
  },
  'POST /api/support/chat/stream': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/support/chat/stream', body: { message: 'Qual o meu saldo?' } }),
  },
  'GET /api/support/tickets': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/support/tickets' }),
  },
  'POST /api/support/tickets': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/support/tickets', body: { message: 'Meu PIX não caiu.' } }),
  },
  'POST /api/support/tickets/:id/messages': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({
      url: `/api/support/tickets/${rec.ticketId}/messages`,
      body: { message: 'Alguma novidade?' },
    }),
  },
  // Marketing consent (LGPD): each account its own.
  'GET /api/profile/marketing-consent': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/marketing-consent' }),
  },
  'PUT /api/profile/marketing-consent': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/marketing-consent', body: { accepted: false } }),
  },
  // What every visitor may know of the settings (site name, maintenance, PIX on).
  'GET /api/public/settings': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/public/settings' }),
  },
  // Campaign mail links: the random token is the capability. The open pixel and the click
  // redirect answer the same whatever the token (nothing to learn); the unsubscribe page is a
  // form, and only its POST with a real token changes anything.
  'GET /api/r/o/:token.gif': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/r/o/token-que-nao-existe-0000000000.gif' }),
  },
  'GET /api/r/c/:token': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/r/c/token-que-nao-existe-0000000000' }),
  },
  'GET /api/r/u/:token': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/r/u/token-que-nao-existe-0000000000' }),
  },
  'POST /api/r/u/:token': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/r/u/token-que-nao-existe-0000000000' }),
  },
  // The local mail outbox, when it is on: loopback only, never through a proxy (system.test.ts).
  'GET /api/dev/outbox': { access: { kind: 'secret' }, call: () => ({ url: '/api/dev/outbox' }) },
  'GET /api/dev/outbox/:id': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/dev/outbox/x' }),
  },
  'GET /api/dev/outbox-messages': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/dev/outbox-messages' }),
  },
};
