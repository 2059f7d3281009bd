/**
 * Remarketing (spec 001 "Admin remarketing tab" and /remarketing): campaigns, their audience,
 * preview, reports, channel defaults and runs (the players' consent and the tracking links:
 * campaign-consent.routes.ts).
 */
import {
  audienceInputSchema,
  audiencePreviewSchema,
  campaignChannelSettingsSchema,
  campaignListQuerySchema,
  campaignPreviewInputSchema,
  campaignPreviewSchema,
  campaignReportSchema,
  campaignSchema,
  campaignStatsSchema,
  createCampaignInputSchema,
  runCampaignResultSchema,
  updateCampaignInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import type { App } from '../../lib/fastify';
import { actorOf } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import {
  campaignReport,
  campaignStats,
  createCampaign,
  exportCampaignReportCsv,
  getChannelSettings,
  listCampaigns,
  previewAudience,
  previewCampaign,
  runCampaign,
  toggleCampaign,
  updateCampaign,
  updateChannelSettings,
} from './campaigns.service';

const idParams = z.object({ id: z.uuid({ error: 'Campanha não encontrada.' }) });

export function registerCampaignRoutes(app: App, deps: { db: Db; config: Config; mailer: Mailer }) {
  const { db, config, mailer } = deps;

  app.get(
    '/api/admin/campaigns',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Campanhas de remarketing (filtro por status e canal)',
        querystring: campaignListQuerySchema,
        response: { 200: z.object({ items: z.array(campaignSchema) }) },
      },
    },
    async (request) => {
      await requirePermission(request, 'campaigns.manage');
      return { items: await listCampaigns(db, request.query) };
    },
  );

  app.get(
    '/api/admin/campaigns/stats',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Números das campanhas (envios, aberturas, cliques, conversões)',
        response: { 200: campaignStatsSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'campaigns.manage');
      return campaignStats(db);
    },
  );

  app.post(
    '/api/admin/campaigns',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Criar campanha',
        body: createCampaignInputSchema,
        response: { 200: campaignSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'campaigns.manage');
      return createCampaign(db, actorOf(staff, request), request.body);
    },
  );

  app.post(
    '/api/admin/campaigns/audience',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Quantos jogadores o critério alcança (por canal)',
        body: audienceInputSchema,
        response: { 200: audiencePreviewSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'campaigns.manage');
      const { channel, ...criteria } = request.body;
      return previewAudience(db, criteria, channel);
    },
  );

  app.post(
    '/api/admin/campaigns/preview',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Prévia do e-mail para um jogador real',
        body: campaignPreviewInputSchema,
        response: { 200: campaignPreviewSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'campaigns.manage');
      return previewCampaign(db, config, request.body);
    },
  );

  app.put(
    '/api/admin/campaigns/:id',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Editar campanha',
        params: idParams,
        body: updateCampaignInputSchema,
        response: { 200: campaignSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'campaigns.manage');
      return updateCampaign(db, actorOf(staff, request), request.params.id, request.body);
    },
  );

  app.get(
    '/api/admin/campaigns/:id/report',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Relatório da campanha (por dia de envio)',
        params: idParams,
        response: { 200: campaignReportSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'campaigns.manage');
      return campaignReport(db, request.params.id);
    },
  );

  app.get(
    '/api/admin/campaigns/:id/report.csv',
    {
      preValidation: permission('campaigns.manage'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Relatório da campanha em CSV (Excel pt-BR)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const staff = await requirePermission(request, 'campaigns.manage');
      const { filename, csv } = await exportCampaignReportCsv(
        db,
        actorOf(staff, request),
        request.params.id,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/admin/campaigns/channel-settings',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Padrões dos canais (remetente, horário de silêncio, limite semanal, custo)',
        response: { 200: campaignChannelSettingsSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'campaigns.manage');
      return getChannelSettings(db);
    },
  );

  app.put(
    '/api/admin/campaigns/channel-settings',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Configurar os padrões dos canais',
        body: campaignChannelSettingsSchema,
        response: { 200: campaignChannelSettingsSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'campaigns.manage');
      return updateChannelSettings(db, actorOf(staff, request), request.body);
    },
  );

  app.post(
    '/api/admin/campaigns/:id/status',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Pausar / retomar',
        params: idParams,
        response: { 200: campaignSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'campaigns.manage');
      return toggleCampaign(db, actorOf(staff, request), request.params.id);
    },
  );

  app.post(
    '/api/admin/campaigns/:id/run',
    {
      preValidation: permission('campaigns.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Executar: envia pela fila de e-mail ou pelo SMS aos jogadores que aceitaram',
        params: idParams,
        response: { 200: runCampaignResultSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'campaigns.manage');
      const result = await runCampaign({
        db,
        config,
        mailer,
        actor: actorOf(staff, request),
        id: request.params.id,
      });
      // Committed: the SMS sender (notification runtime) sends the rows already due now.
      if (result.queued > 0 && result.deferred_until === null) app.events.emit('campaign-sms');
      return result;
    },
  );
}
