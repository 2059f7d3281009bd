import { defaultCampaignChannelSettings, defaultTargetCriteria } from '@sorteio/shared';
import { type RouteSpec, campaign, connection, connectionBody, delivery, nextCap } from './setup';

/** Connections, campaigns, API services, the API docs and webhook deliveries. */
export const integrationRoutes: Record<string, RouteSpec> = {
  'GET /api/admin/connections': {
    permission: 'connections.manage',
    call: async () => ({ url: '/api/admin/connections' }),
  },
  'POST /api/admin/connections': {
    permission: 'connections.manage',
    call: async () => ({ url: '/api/admin/connections', body: connectionBody }),
  },
  'PUT /api/admin/connections/:id': {
    permission: 'connections.manage',
    call: async () => ({
      url: `/api/admin/connections/${await connection()}`,
      body: connectionBody,
    }),
  },
  'DELETE /api/admin/connections/:id': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/connections/${await connection()}` }),
  },
  'POST /api/admin/connections/:id/test': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/connections/${await connection()}/test` }),
  },
  'GET /api/admin/connections/:id/deliveries': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/connections/${await connection()}/deliveries` }),
  },
  'GET /api/admin/campaigns': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns' }),
  },
  'GET /api/admin/campaigns/stats': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns/stats' }),
  },
  'POST /api/admin/campaigns': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: '/api/admin/campaigns',
      body: {
        campaign_name: 'Volte',
        email_template: 'Olá {{nome}}',
        start_date: '2030-01-01',
        end_date: '2030-01-31',
      },
    }),
  },
  'PUT /api/admin/campaigns/:id': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: `/api/admin/campaigns/${await campaign()}`,
      body: { campaign_name: 'Volte sempre', budget_centavos: 5000 },
    }),
  },
  'GET /api/admin/campaigns/:id/report': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/report` }),
  },
  'GET /api/admin/campaigns/:id/report.csv': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/report.csv` }),
  },
  'GET /api/admin/campaigns/channel-settings': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns/channel-settings' }),
  },
  'PUT /api/admin/campaigns/channel-settings': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: '/api/admin/campaigns/channel-settings',
      // A new cap on every call, so each allowed call changes something and is audited.
      body: { ...defaultCampaignChannelSettings, frequency_cap_per_week: nextCap() },
    }),
  },
  'POST /api/admin/campaigns/audience': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns/audience', body: defaultTargetCriteria }),
  },
  'POST /api/admin/campaigns/preview': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: '/api/admin/campaigns/preview',
      body: { email_template: 'Olá {{nome}}' },
    }),
  },
  'POST /api/admin/campaigns/:id/status': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/status` }),
  },
  'POST /api/admin/campaigns/:id/run': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/run` }),
  },
  'GET /api/admin/services': {
    permission: 'services.read',
    call: async () => ({ url: '/api/admin/services' }),
  },
  'POST /api/admin/services/:id/test': {
    permission: 'services.read',
    call: async () => ({ url: '/api/admin/services/draws/test' }),
  },
  'PUT /api/admin/services/:id/maintenance': {
    permission: 'services.manage',
    call: async () => ({
      url: '/api/admin/services/analytics/maintenance',
      body: {
        reason: 'Reindexação das métricas',
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
  },
  'DELETE /api/admin/services/:id/maintenance': {
    permission: 'services.manage',
    call: async () => ({ url: '/api/admin/services/analytics/maintenance' }),
  },
  'GET /api/admin/docs/*': {
    permission: 'services.read',
    call: async () => ({ url: '/api/admin/docs/index.html' }),
  },
  'POST /api/admin/webhook-deliveries/:deliveryId/resend': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/webhook-deliveries/${await delivery()}/resend` }),
  },
};
