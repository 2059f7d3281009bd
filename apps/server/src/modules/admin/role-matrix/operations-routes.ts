import { jsonHeaders } from '../../../test/helpers';
import { type RouteSpec, cookies, ctx, nextCap, payout, room, target } from './setup';

/** Identity review, rooms, finance, referrals and diagnostics. */
export const operationsRoutes: Record<string, RouteSpec> = {
  'GET /api/admin/verifications': {
    permission: 'identity.review',
    call: async () => ({ url: '/api/admin/verifications' }),
  },
  'POST /api/admin/verifications/:userId/review': {
    permission: 'identity.review',
    call: async () => ({
      url: `/api/admin/verifications/${target.id}/review`,
      body: { decision: 'rejeitar', motivo: 'Foto ilegível' },
    }),
  },
  'GET /api/admin/verifications/:userId/files/:kind': {
    permission: 'identity.review',
    call: async () => ({ url: `/api/admin/verifications/${target.id}/files/documento` }),
  },
  'GET /api/admin/rooms': {
    permission: 'rooms.read',
    call: async () => ({ url: '/api/admin/rooms' }),
  },
  'GET /api/admin/rooms/defaults': {
    permission: 'rooms.manage',
    call: async () => ({ url: '/api/admin/rooms/defaults' }),
  },
  'POST /api/admin/rooms': {
    permission: 'rooms.manage',
    call: async () => ({ url: '/api/admin/rooms', body: {} }),
  },
  'PUT /api/admin/rooms/:id': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}`, body: { valorEntrada: 700 } }),
  },
  'POST /api/admin/rooms/:id/status': {
    permission: 'rooms.manage',
    call: async () => ({
      url: `/api/admin/rooms/${await room()}/status`,
      body: { status: 'fechada' },
    }),
  },
  'DELETE /api/admin/rooms/:id': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}` }),
  },
  'POST /api/admin/rooms/:id/draw': {
    permission: 'rooms.manage',
    call: async () => {
      const id = await room();
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/rooms/${id}/status`,
        headers: { ...jsonHeaders, cookie: cookies.admin! },
        payload: { status: 'fechada' },
      });
      return { url: `/api/admin/rooms/${id}/draw` };
    },
  },
  'GET /api/admin/rooms/:id/cancel-preview': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}/cancel-preview` }),
  },
  'POST /api/admin/rooms/:id/cancel': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}/cancel` }),
  },
  'GET /api/admin/finance/summary': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/summary' }),
  },
  'GET /api/admin/finance/daily': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/daily' }),
  },
  'GET /api/admin/finance/transactions': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/transactions' }),
  },
  'GET /api/admin/finance/categories': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/categories' }),
  },
  'GET /api/admin/finance/reports/:kind': {
    permission: 'finance.export',
    call: async () => ({ url: '/api/admin/finance/reports/monthly' }),
  },
  'GET /api/admin/finance/payouts': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/payouts' }),
  },
  'POST /api/admin/finance/payouts/:id/retry': {
    permission: 'finance.payouts',
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/retry` }),
  },
  'POST /api/admin/finance/payouts/:id/credit': {
    permission: 'finance.payouts',
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/credit` }),
  },
  'GET /api/admin/finance/audit': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/audit' }),
  },
  'POST /api/admin/finance/audit': {
    permission: 'finance.payouts',
    call: async () => ({ url: '/api/admin/finance/audit' }),
  },
  'GET /api/admin/referrals': {
    permission: 'referrals.read',
    call: async () => ({ url: '/api/admin/referrals' }),
  },
  'PUT /api/admin/referrals': {
    permission: 'referrals.manage',
    // A new amount on every call, so each allowed call changes something and is audited.
    call: async () => ({
      url: '/api/admin/referrals',
      body: { bonusCentavos: 500 + nextCap() },
    }),
  },
  'POST /api/admin/diagnostics': {
    permission: 'diagnostics.run',
    call: async () => ({ url: '/api/admin/diagnostics' }),
  },
};
