import { type RouteSpec, ticket } from './setup';

let settingsChanges = 0;

/** Support, the audit log, notifications, settings and the PIX provider. */
export const supportSettingsRoutes: Record<string, RouteSpec> = {
  'GET /api/admin/support/tickets': {
    permission: 'support.tickets',
    call: async () => ({ url: '/api/admin/support/tickets?status=todos' }),
  },
  'GET /api/admin/support/tickets/:id': {
    permission: 'support.tickets',
    call: async () => ({ url: `/api/admin/support/tickets/${await ticket()}` }),
  },
  'POST /api/admin/support/tickets/:id/reply': {
    permission: 'support.tickets',
    call: async () => ({
      url: `/api/admin/support/tickets/${await ticket()}/reply`,
      body: { message: 'Olá! Já verificamos e está tudo certo.' },
    }),
  },
  'POST /api/admin/support/tickets/:id/close': {
    permission: 'support.tickets',
    call: async () => ({ url: `/api/admin/support/tickets/${await ticket()}/close` }),
  },
  'GET /api/admin/audit': {
    permission: 'audit.read',
    call: async () => ({ url: '/api/admin/audit' }),
  },
  // SMS and WhatsApp delivery log (read with the settings, where the channel switches are).
  'GET /api/admin/notifications/messages': {
    permission: 'settings.read',
    call: async () => ({ url: '/api/admin/notifications/messages' }),
  },
  'GET /api/admin/notifications/channels': {
    permission: 'settings.read',
    call: async () => ({ url: '/api/admin/notifications/channels' }),
  },
  // Integrations (issue 10): settings, PIX provider, connections, campaigns, API services.
  'GET /api/admin/settings': {
    permission: 'settings.read',
    call: async () => ({ url: '/api/admin/settings' }),
  },
  'PUT /api/admin/settings': {
    permission: 'settings.manage',
    // A real change each time, so that its audit row is required.
    call: async () => ({
      url: '/api/admin/settings',
      body: { siteName: `Sorteio Certo ${(settingsChanges += 1)}` },
    }),
  },
  'GET /api/admin/pix/config': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/config' }),
  },
  'PUT /api/admin/pix/credentials': {
    permission: 'pix.manage',
    call: async () => ({
      url: '/api/admin/pix/credentials',
      body: {
        clientId: 'id',
        clientSecret: 'segredo',
        chavePix: 'pix@x.com',
        environment: 'sandbox',
      },
    }),
  },
  'POST /api/admin/pix/certificate': {
    permission: 'pix.manage',
    call: async () => ({
      url: '/api/admin/pix/certificate',
      body: { filename: 'c.p12', certificateBase64: 'AAAA', password: 'x' },
    }),
  },
  'DELETE /api/admin/pix/config': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/config' }),
  },
  'POST /api/admin/pix/test': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/test' }),
  },
  'POST /api/admin/pix/activate': {
    permission: 'pix.manage',
    call: async () => ({
      url: '/api/admin/pix/activate',
      body: { reason: 'teste da matriz de permissões' },
    }),
  },
  'POST /api/admin/pix/deactivate': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/deactivate' }),
  },
  'GET /api/admin/pix/certificates': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/certificates' }),
  },
  'POST /api/admin/pix/certificates/refresh': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/certificates/refresh' }),
  },
  'DELETE /api/admin/pix/certificates/:id': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/certificates/00000000-0000-4000-8000-000000000000' }),
  },
};
