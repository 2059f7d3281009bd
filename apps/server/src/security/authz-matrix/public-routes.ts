import { type RouteSpec, rec, unique } from './actors';

/** The public routes, the site's own, and the auth library's. */
export const publicRoutes: Record<string, RouteSpec> = {
  'GET /api/health': { access: { kind: 'open' }, call: () => ({ url: '/api/health' }) },
  'GET /api/ready': { access: { kind: 'open' }, call: () => ({ url: '/api/ready' }) },
  'GET /api/public/config': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/public/config' }),
  },
  'GET /api/public/stats': { access: { kind: 'open' }, call: () => ({ url: '/api/public/stats' }) },
  'GET /api/public/maintenance': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/public/maintenance' }),
  },
  'GET /api/openapi.json': { access: { kind: 'open' }, call: () => ({ url: '/api/openapi.json' }) },
  'GET /api/metrics': { access: { kind: 'open' }, call: () => ({ url: '/api/metrics' }) },
  // Loopback (not through a proxy) or METRICS_TOKEN only (plugins/metrics.test.ts).
  'GET /metrics': { access: { kind: 'secret' }, call: () => ({ url: '/metrics' }) },
  'GET /api/ws': { access: { kind: 'socket' }, call: () => ({ url: '/api/ws' }) },
  'GET /api/draws': { access: { kind: 'open' }, call: () => ({ url: '/api/draws' }) },
  'GET /api/draws/:id/proof': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/draws/00000000-0000-4000-8000-000000000000/proof' }),
  },
  // Public rooms for visitors: what every player sees of a public room.
  'GET /api/public/rooms': { access: { kind: 'open' }, call: () => ({ url: '/api/public/rooms' }) },
  'GET /api/public/rooms/:id': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/public/rooms/${rec.roomForJoins}` }),
  },
  'GET /api/public/rooms/:id/preview.png': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/public/rooms/${rec.roomForJoins}/preview.png` }),
  },
  // The player's own referral card.
  'GET /api/referrals/me': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/referrals/me' }),
  },
  // Web push: the public key is public; a subscription is the caller's own device.
  'GET /api/push/public-key': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/push/public-key' }),
  },
  'POST /api/push/subscriptions': {
    access: { kind: 'signed-in' },
    call: (actor, n) => ({
      url: '/api/push/subscriptions',
      body: {
        endpoint: `https://push.example.com/send/${actor}-${n}`,
        keys: { p256dh: 'BPcMbnWQL5GOYX_5FZ2k', auth: 'c2VjcmV0' },
      },
    }),
  },
  'DELETE /api/push/subscriptions': {
    access: { kind: 'signed-in' },
    call: (actor, n) => ({
      url: '/api/push/subscriptions',
      body: { endpoint: `https://push.example.com/send/${actor}-${n}` },
    }),
  },
  // Served only with a built web app (not in this test): the shell with the room's tags.
  'GET /salas/:id': {
    access: { kind: 'open' },
    call: () => ({ url: `/salas/${rec.roomForJoins}` }),
  },
  'GET /api/rooms/:id/draw': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/rooms/${rec.drawnRoom}/draw` }),
  },
  'GET /api/winners': { access: { kind: 'open' }, call: () => ({ url: '/api/winners' }) },
  'GET /api/winners/rankings': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/winners/rankings?mes=2026-01' }),
  },
  // The auth library's routes.
  'POST /api/auth/sign-in/email': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/sign-in/email', body: { ...rec.throwaway } }),
  },
  'POST /api/auth/sign-up/email': {
    access: { kind: 'open' },
    call: (actor, n) => ({
      url: '/api/auth/sign-up/email',
      body: {
        email: unique(actor, n),
        password: 'senha-nova-123',
        name: 'Nova',
        acceptLegalTerms: true,
      },
    }),
  },
  'POST /api/auth/request-password-reset': {
    access: { kind: 'open' },
    call: (actor, n) => ({
      url: '/api/auth/request-password-reset',
      body: { email: unique(actor, n) },
    }),
  },
  'POST /api/auth/reset-password': {
    access: { kind: 'open' },
    call: () => ({
      url: '/api/auth/reset-password',
      body: { token: 'token-que-nao-existe', newPassword: 'senha-nova-123' },
    }),
  },
  'POST /api/auth/send-verification-email': {
    access: { kind: 'open' },
    call: (actor, n) => ({
      url: '/api/auth/send-verification-email',
      body: { email: unique(actor, n) },
    }),
  },
  'GET /api/auth/verify-email': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/verify-email?token=token-que-nao-existe' }),
  },
  'GET /api/account/password-reset/:token': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/account/password-reset/token-que-nao-existe' }),
  },
  'POST /api/auth/two-factor/verify-totp': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/two-factor/verify-totp', body: { code: '123456' } }),
  },
  'POST /api/auth/two-factor/verify-backup-code': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/two-factor/verify-backup-code', body: { code: 'ABCDEF' } }),
  },
  'POST /api/auth/two-factor/enable': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/auth/two-factor/enable', body: { password: 'senha-errada-1' } }),
  },
  'POST /api/auth/sign-out': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/sign-out', body: {} }),
  },
  'GET /api/me': { access: { kind: 'open' }, call: () => ({ url: '/api/me' }) },
  'POST /api/account/change-password': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/account/change-password',
      body: { currentPassword: 'senha-errada-1', newPassword: 'senha-nova-123' },
    }),
  },
};
