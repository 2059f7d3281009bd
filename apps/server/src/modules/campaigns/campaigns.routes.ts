/**
 * Remarketing (spec 001 "Admin remarketing tab" and /remarketing), the players' marketing consent,
 * and the public tracking links of campaign mail (open pixel, click redirect, unsubscribe).
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
  integrationMessages,
  runCampaignResultSchema,
  updateCampaignInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePermission, requireUser } from '../../lib/authz';
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
  getMarketingConsent,
  listCampaigns,
  previewAudience,
  previewCampaign,
  runCampaign,
  setMarketingConsent,
  toggleCampaign,
  trackClick,
  trackOpen,
  unsubscribe,
  updateCampaign,
  updateChannelSettings,
} from './campaigns.service';

const idParams = z.object({ id: z.uuid({ error: 'Campanha não encontrada.' }) });
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,40}$/) });
/** 1x1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const page = (title: string, body: string) => `<!doctype html><html lang="pt-BR"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1a2b23">
<h1 style="font-size:22px">${title}</h1>${body}</body></html>`;

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

  app.get(
    '/api/profile/marketing-consent',
    {
      schema: {
        tags: ['profile'],
        summary: 'Aceite de e-mails de campanhas (LGPD)',
        response: { 200: z.object({ accepted: z.boolean() }) },
      },
    },
    async (request) => ({
      accepted: await getMarketingConsent(db, (await requireUser(request)).id),
    }),
  );

  app.put(
    '/api/profile/marketing-consent',
    {
      schema: {
        tags: ['profile'],
        summary: 'Aceitar ou recusar e-mails de campanhas',
        body: z.object({ accepted: z.boolean() }),
        response: { 200: z.object({ accepted: z.boolean() }) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await setMarketingConsent(db, me.id, request.body.accepted);
      return { accepted: request.body.accepted };
    },
  );

  // Public tracking links (no sign-in): they only ever touch the row their random token names.
  app.get(
    '/api/r/o/:token.gif',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      await trackOpen(db, request.params.token);
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store')
        .send(PIXEL);
    },
  );

  app.get(
    '/api/r/c/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      await trackClick(db, request.params.token);
      // Always to the site itself: never an open redirect.
      return reply.redirect(`${config.baseUrl.replace(/\/+$/, '')}/dashboard`, 302);
    },
  );

  app.get(
    '/api/r/u/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const action = `/api/r/u/${request.params.token}`;
      return reply.header('content-type', 'text/html; charset=utf-8').send(
        page(
          'Cancelar inscrição',
          `<p>Deseja deixar de receber e-mails de campanhas?</p>
<form method="post" action="${action}"><button type="submit" style="background:#047857;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-weight:bold">Cancelar inscrição</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/api/r/u/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const ok = await unsubscribe(db, request.params.token);
      return reply
        .status(ok ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .send(
          ok
            ? page('Inscrição cancelada', `<p>${integrationMessages.unsubscribed}</p>`)
            : page('Link inválido', '<p>Este link de cancelamento não é válido.</p>'),
        );
    },
  );
}
