import { type RouteSpec, rec } from './actors';

/** Rooms, money and the player's figures. */
export const roomRoutes: Record<string, RouteSpec> = {
  // Rooms, money and the player's figures.
  'GET /api/rooms': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/rooms' }) },
  'GET /api/rooms/:id': {
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/rooms/${rec.roomForJoins}` }),
  },
  'GET /api/rooms/:id/my-participation': {
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/rooms/${rec.roomForJoins}/my-participation` }),
  },
  'POST /api/rooms/:id/join': {
    access: { kind: 'player' },
    call: () => ({ url: `/api/rooms/${rec.roomForJoins}/join`, body: { metodo: 'balance' } }),
  },
  'GET /api/payments/config': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/payments/config' }),
  },
  'GET /api/payments/pix': {
    // Answers only the caller's own charges (null for anyone else's participation).
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/payments/pix?participacaoId=${rec.participacaoId}` }),
  },
  'POST /api/payments/pix': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: '/api/payments/pix', body: { participacaoId: rec.participacaoId } }),
  },
  'GET /api/payments/pix/:txid': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/payments/pix/${rec.txid}` }),
  },
  'POST /api/payments/pix/:txid/simulate': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/payments/pix/${rec.txid}/simulate`, body: {} }),
  },
  'POST /api/webhooks/pix/:secret': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/webhooks/pix/segredo-errado', body: { pix: [] } }),
  },
  'POST /api/webhooks/pix/:secret/pix': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/webhooks/pix/segredo-errado/pix', body: { pix: [] } }),
  },
  // SMS and WhatsApp providers' callbacks: the signature is the capability (and without the
  // provider's credentials configured the routes answer 404).
  'POST /api/webhooks/twilio/status': {
    access: { kind: 'secret' },
    call: () => ({
      url: '/api/webhooks/twilio/status',
      body: { MessageSid: 'SMx', MessageStatus: 'delivered' },
    }),
  },
  'POST /api/webhooks/twilio/inbound': {
    access: { kind: 'secret' },
    call: () => ({
      url: '/api/webhooks/twilio/inbound',
      body: { From: '+5511987654321', Body: 'SAIR' },
    }),
  },
  'GET /api/webhooks/whatsapp': {
    access: { kind: 'secret' },
    call: () => ({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
    }),
  },
  'POST /api/webhooks/whatsapp': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/webhooks/whatsapp', body: { entry: [] } }),
  },
  'GET /api/wallet': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/wallet' }) },
  'GET /api/wallet/statement': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/statement' }),
  },
  'POST /api/wallet/topup': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/topup', body: { valor: 1000 } }),
  },
  'POST /api/wallet/withdraw': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/withdraw', body: { valor: 1000 } }),
  },
  'GET /api/wallet/withdrawals': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/withdrawals' }),
  },
  'GET /api/dashboard': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/dashboard' }) },
  'GET /api/history': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/history' }) },
  'GET /api/stats': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/stats' }) },
};
