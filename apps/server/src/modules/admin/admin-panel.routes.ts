/**
 * The administrator panel's reads: dashboard, recent activity, realtime figures, the pending-prize
 * badge, access details, analytics and the diagnostics self-test (finance, reports, the payout
 * queue and the ledger audit: admin-finance.routes.ts; the audit log's list:
 * modules/audit/audit.routes.ts).
 */
import {
  activityListSchema,
  adminAccessSchema,
  adminDashboardSchema,
  analyticsQuerySchema,
  diagnosticsReportSchema,
  funnelSchema,
  pendingPrizesSchema,
  realtimeMetricsSchema,
  revenueSeriesSchema,
  roomTypeSeriesSchema,
  signupSeriesSchema,
} from '@sorteio/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import type { FileStorage } from '../../lib/storage';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import type { PixProvider } from '../payments';
import { revenueSeries, roomTypeSeries, signupSeries, funnel } from './admin-analytics.service';
import {
  getAdminAccess,
  getAdminDashboard,
  getRealtimeMetrics,
  getRecentActivity,
  pendingPrizes,
} from './admin-dashboard.service';
import { runDiagnostics } from './diagnostics.service';

export function registerAdminPanelRoutes(
  app: App,
  deps: {
    database: Database;
    config: Config;
    storage: FileStorage;
    mailer: Mailer;
    pix: () => PixProvider | null;
  },
) {
  const db = deps.database.db;
  // Analytics may lag a second: the read standby when there is one.
  const read = deps.database.read;

  app.get(
    '/api/admin/dashboard',
    {
      preValidation: permission('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'Métricas, alertas e desempenho',
        response: { 200: adminDashboardSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'dashboard.read');
      return getAdminDashboard(db);
    },
  );

  app.get(
    '/api/admin/activity',
    {
      preValidation: permission('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'Atividade recente (5)',
        response: { 200: activityListSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'dashboard.read');
      return getRecentActivity(db);
    },
  );

  app.get(
    '/api/admin/realtime',
    {
      preValidation: permission('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'Salas abertas e receita de hoje',
        response: { 200: realtimeMetricsSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'dashboard.read');
      return getRealtimeMetrics(db);
    },
  );

  app.get(
    '/api/admin/pending-prizes',
    {
      preValidation: permission('finance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Prêmios aguardando pagamento (selo do menu)',
        response: { 200: pendingPrizesSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'finance.read');
      return pendingPrizes(db);
    },
  );

  app.get(
    '/api/admin/access',
    {
      preValidation: permission('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'Acesso administrativo do chamador (cartão de diagnóstico)',
        response: { 200: adminAccessSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'dashboard.read');
      return getAdminAccess(db, staff);
    },
  );

  // Analytics: one request per chart, computed in SQL.
  // Typed per call site; the route's response schema still checks every answer.
  const chart = (
    path: string,
    summary: string,
    schema: z.ZodType,
    load: (days: number) => Promise<unknown>,
  ) =>
    app.get(
      `/api/admin/analytics/${path}`,
      {
        preValidation: permission('analytics.read'),
        schema: {
          tags: ['admin'],
          summary,
          querystring: analyticsQuerySchema,
          response: { 200: schema },
        },
      },
      async (request) => {
        await requirePermission(request, 'analytics.read');
        return load(request.query.days);
      },
    );
  chart('revenue', 'Receita e taxas por dia', revenueSeriesSchema, (d) => revenueSeries(read, d));
  chart('signups', 'Cadastros e verificações por dia', signupSeriesSchema, (d) =>
    signupSeries(read, d),
  );
  chart('room-types', 'Participações por tipo de sala', roomTypeSeriesSchema, (d) =>
    roomTypeSeries(read, d),
  );
  chart('funnel', 'Funil do cadastro à segunda participação', funnelSchema, (d) => funnel(read, d));

  app.post(
    '/api/admin/diagnostics',
    {
      preValidation: permission('diagnostics.run'),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Diagnóstico: autenticação, banco, fila, e-mail, arquivos e PIX',
        response: { 200: diagnosticsReportSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'diagnostics.run');
      return runDiagnostics({ ...deps, pix: deps.pix(), request });
    },
  );
}
