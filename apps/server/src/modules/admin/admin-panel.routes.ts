/**
 * The administrator panel's reads: dashboard, recent activity, realtime figures, the pending-prize
 * badge, access details, analytics, finance (with CSV reports and the payout queue), the ledger
 * audit and the diagnostics self-test (the audit log's list: modules/audit/audit.routes.ts).
 */
import {
  activityListSchema,
  adminAccessSchema,
  adminDashboardSchema,
  analyticsQuerySchema,
  byCategorySchema,
  dailySummarySchema,
  diagnosticsReportSchema,
  financeSummarySchema,
  funnelSchema,
  ledgerAuditSchema,
  payoutIdParamsSchema,
  payoutQueueItemSchema,
  payoutQueueSchema,
  pendingPrizesSchema,
  permissionsOf,
  realtimeMetricsSchema,
  recentTransactionsSchema,
  reportParamsSchema,
  revenueSeriesSchema,
  roomTypeSeriesSchema,
  signupSeriesSchema,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { payouts, user } from '../../db/schema';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import { brazilDate } from '../../lib/brazil-time';
import type { FileStorage } from '../../lib/storage';
import type { App } from '../../lib/fastify';
import { type CreditBalances, creditPayoutToSaldo, retryPayoutNow } from '../draws';
import type { Mailer } from '../mail/mail.service';
import type { PixProvider } from '../payments';
import { latestLedgerAudit, runAndStoreLedgerAudit } from '../wallet';
import { revenueSeries, roomTypeSeries, signupSeries, funnel } from './admin-analytics.service';
import {
  getAdminDashboard,
  getRealtimeMetrics,
  getRecentActivity,
  pendingPrizes,
} from './admin-dashboard.service';
import {
  byCategory,
  dailySummary,
  financeSummary,
  payoutQueue,
  recentTransactions,
  reports,
} from './admin-finance.service';
import { actorOf, writeAudit } from '../audit/audit.service';
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
  // Analytics, reports and CSV exports may lag a second: the read standby when there is one.
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
      const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, staff.id));
      return {
        is_admin: staff.isAdmin,
        is_authenticated: true,
        admin_record_exists: row?.role === 'admin',
        role: staff.role,
        permissions: permissionsOf(staff.role),
        twoFactorEnabled: staff.twoFactorEnabled,
      };
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

  // Finance, from the ledger.
  app.get(
    '/api/admin/finance/summary',
    {
      preValidation: permission('finance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Cartões do financeiro',
        response: { 200: financeSummarySchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'finance.read');
      return financeSummary(read);
    },
  );
  app.get(
    '/api/admin/finance/daily',
    {
      preValidation: permission('finance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Resumo diário (30 dias)',
        response: { 200: dailySummarySchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'finance.read');
      return dailySummary(read);
    },
  );
  app.get(
    '/api/admin/finance/transactions',
    {
      preValidation: permission('finance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Transações recentes (20)',
        response: { 200: recentTransactionsSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'finance.read');
      return recentTransactions(db, staff.role);
    },
  );
  app.get(
    '/api/admin/finance/categories',
    {
      preValidation: permission('finance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Totais por tipo de sala',
        response: { 200: byCategorySchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'finance.read');
      return byCategory(read);
    },
  );
  app.get(
    '/api/admin/finance/reports/:kind',
    {
      preValidation: permission('finance.export'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Relatórios em CSV (Excel pt-BR)',
        params: reportParamsSchema,
      },
    },
    async (request, reply) => {
      const staff = await requirePermission(request, 'finance.export');
      const report = reports[request.params.kind];
      const csv = await report.build(read, staff.role);
      await writeAudit(db, actorOf(staff, request), {
        action: 'finance.export',
        targetType: 'report',
        targetId: request.params.kind,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${report.file}-${brazilDate(new Date())}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/admin/finance/payouts',
    {
      preValidation: permission('finance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Fila de pagamentos (prêmios e saques)',
        response: { 200: payoutQueueSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'finance.read');
      return payoutQueue(db, staff.role);
    },
  );

  type PayoutRow = Parameters<NonNullable<Parameters<typeof retryPayoutNow>[0]['audit']>>[1];
  type PayoutAudit = (
    tx: Parameters<NonNullable<Parameters<typeof retryPayoutNow>[0]['audit']>>[0],
    before: PayoutRow,
    balances?: CreditBalances,
  ) => Promise<void>;
  const payoutAction = (
    path: string,
    summary: string,
    act: (payoutId: string, audit: PayoutAudit) => Promise<unknown>,
    action: string,
  ) =>
    app.post(
      `/api/admin/finance/payouts/:id/${path}`,
      {
        preValidation: permission('finance.payouts'),
        schema: {
          tags: ['admin'],
          summary,
          params: payoutIdParamsSchema,
          response: { 200: payoutQueueItemSchema },
        },
      },
      async (request) => {
        const staff = await requirePermission(request, 'finance.payouts');
        await act(request.params.id, (tx, before, balances) =>
          writeAudit(tx, actorOf(staff, request), {
            action,
            targetType: 'payout',
            targetId: before.id,
            before: {
              status: before.status,
              attempts: before.attempts,
              nextAttemptAt: before.nextAttemptAt,
              userId: before.userId,
              amount: before.amount,
              ...(balances ? { saldo: balances.saldoBefore } : {}),
            },
            ...(balances ? { after: { status: 'devolvido', saldo: balances.saldoAfter } } : {}),
          }),
        );
        const item = (await payoutQueue(db, staff.role)).find((p) => p.id === request.params.id);
        if (item) return item;
        const [row] = await db.select().from(payouts).where(eq(payouts.id, request.params.id));
        return {
          id: row!.id,
          kind: row!.kind,
          userId: row!.userId,
          userName: '',
          email: '',
          amount: row!.amount,
          pixKey: '',
          status: row!.status,
          attempts: row!.attempts,
          lastError: row!.lastError,
          nextAttemptAt: row!.nextAttemptAt.toISOString(),
          createdAt: row!.createdAt.toISOString(),
          sorteioId: row!.sorteioId,
        };
      },
    );
  payoutAction(
    'retry',
    'Tentar novamente agora',
    (payoutId, audit) => retryPayoutNow({ db, payoutId, audit }),
    'payout.retry',
  );
  payoutAction(
    'credit',
    'Creditar no saldo do jogador',
    (payoutId, audit) => creditPayoutToSaldo({ db, provider: deps.pix(), payoutId, audit }),
    'payout.credit_to_saldo',
  );

  app.get(
    '/api/admin/finance/audit',
    {
      preValidation: permission('finance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Última auditoria do livro-caixa',
        response: { 200: z.object({ audit: ledgerAuditSchema.nullable() }) },
      },
    },
    async (request) => {
      await requirePermission(request, 'finance.read');
      return { audit: await latestLedgerAudit(db) };
    },
  );
  app.post(
    '/api/admin/finance/audit',
    {
      preValidation: permission('finance.payouts'),
      config: { rateLimit: { max: 6, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Auditar o livro-caixa agora',
        response: { 200: ledgerAuditSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'finance.payouts');
      return runAndStoreLedgerAudit(db, actorOf(staff, request));
    },
  );

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
