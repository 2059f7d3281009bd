import { can, defaultCampaignChannelSettings, defaultTargetCriteria } from '@sorteio/shared';
import {
  type Walk,
  campaign,
  certificateBody,
  connection,
  connectionBody,
  delivery,
  next,
  send,
  staff,
} from './setup';

/** Staff actions on the settings and the integrations. */
export const walkedSettingsIntegrations: Record<string, Walk> = {
  // Settings and integrations.
  // The referral program: each call a different bonus, so each is a change.
  'PUT /api/admin/referrals': {
    call: async () => ({ url: '/api/admin/referrals', body: { bonusCentavos: 500 + next() } }),
  },
  'PUT /api/admin/settings': {
    call: async () => ({
      url: '/api/admin/settings',
      body: { siteName: `Sorteio Certo ${next()}` },
    }),
  },
  'PUT /api/admin/pix/credentials': {
    call: async () => ({
      url: '/api/admin/pix/credentials',
      body: {
        clientId: `id-${next()}`,
        clientSecret: 'segredo',
        chavePix: 'pix@x.com',
        environment: 'sandbox',
      },
    }),
  },
  'POST /api/admin/pix/certificate': {
    call: async () => ({ url: '/api/admin/pix/certificate', body: certificateBody() }),
  },
  'POST /api/admin/pix/test': { call: async () => ({ url: '/api/admin/pix/test' }) },
  'POST /api/admin/pix/activate': {
    call: async () => {
      await send('PUT', '/api/admin/pix/credentials', staff.admin.cookie, {
        clientId: `id-${next()}`,
        clientSecret: 'segredo',
        chavePix: 'pix@x.com',
        environment: 'sandbox',
      });
      await send('POST', '/api/admin/pix/certificate', staff.admin.cookie, certificateBody());
      return { url: '/api/admin/pix/activate', body: { reason: 'Banco confirmou por telefone' } };
    },
  },
  'POST /api/admin/pix/deactivate': { call: async () => ({ url: '/api/admin/pix/deactivate' }) },
  'POST /api/admin/pix/certificates/refresh': {
    call: async () => ({ url: '/api/admin/pix/certificates/refresh' }),
  },
  'DELETE /api/admin/pix/certificates/:id': {
    // A new certificate takes over: the one it replaces is no longer in use and may be deleted.
    call: async () => {
      await send('POST', '/api/admin/pix/certificate', staff.admin.cookie, certificateBody());
      const list = await send('GET', '/api/admin/pix/certificates', staff.admin.cookie);
      const old = list
        .json<{ items: { id: string; inUse: boolean }[] }>()
        .items.find((i) => !i.inUse);
      return { url: `/api/admin/pix/certificates/${old!.id}` };
    },
  },
  'DELETE /api/admin/pix/config': { call: async () => ({ url: '/api/admin/pix/config' }) },
  'POST /api/admin/connections': {
    call: async () => ({ url: '/api/admin/connections', body: connectionBody }),
  },
  'PUT /api/admin/connections/:id': {
    call: async () => ({
      url: `/api/admin/connections/${await connection()}`,
      body: connectionBody,
    }),
  },
  'DELETE /api/admin/connections/:id': {
    call: async () => ({ url: `/api/admin/connections/${await connection()}` }),
  },
  'POST /api/admin/connections/:id/test': {
    call: async () => ({ url: `/api/admin/connections/${await connection()}/test` }),
  },
  'POST /api/admin/campaigns': {
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
    call: async () => ({
      url: `/api/admin/campaigns/${await campaign()}`,
      body: { campaign_name: 'Volte sempre', budget_centavos: 5000 },
    }),
  },
  'PUT /api/admin/campaigns/channel-settings': {
    call: async () => ({
      url: '/api/admin/campaigns/channel-settings',
      // A new cap on each call, within the schema's 1..50 however many routes the walk counts.
      body: { ...defaultCampaignChannelSettings, frequency_cap_per_week: 3 + (next() % 48) },
    }),
  },
  'POST /api/admin/campaigns/audience': {
    call: async () => ({ url: '/api/admin/campaigns/audience', body: defaultTargetCriteria }),
  },
  'POST /api/admin/campaigns/preview': {
    call: async () => ({
      url: '/api/admin/campaigns/preview',
      body: { email_template: 'Olá {{nome}}' },
    }),
  },
  'POST /api/admin/campaigns/:id/status': {
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/status` }),
  },
  'POST /api/admin/campaigns/:id/run': {
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/run` }),
  },
  'POST /api/admin/services/:id/test': {
    call: async () => ({ url: '/api/admin/services/draws/test' }),
  },
  'PUT /api/admin/services/:id/maintenance': {
    call: async () => ({
      url: '/api/admin/services/analytics/maintenance',
      body: {
        reason: `Reindexação das métricas ${next()}`,
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
  },
  'DELETE /api/admin/services/:id/maintenance': {
    call: async () => {
      await send('PUT', '/api/admin/services/analytics/maintenance', staff.admin.cookie, {
        reason: 'Reindexação das métricas',
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      return { url: '/api/admin/services/analytics/maintenance' };
    },
  },
  // Last, and by the one role allowed: the message goes out again in the background right after
  // the answer, and that attempt must not land in another call's comparison.
  'POST /api/admin/webhook-deliveries/:deliveryId/resend': {
    roles: (role) => can(role, 'connections.manage'),
    call: async () => ({ url: `/api/admin/webhook-deliveries/${await delivery()}/resend` }),
  },
};
