/**
 * The administrator panel's finance routes: the cards, daily summary, recent transactions and
 * totals by category, the CSV reports, the payout queue and its actions, and the ledger audit.
 */
import {
  byCategorySchema,
  dailySummarySchema,
  financeSummarySchema,
  ledgerAuditSchema,
  payoutIdParamsSchema,
  payoutQueueItemSchema,
  payoutQueueSchema,
  recentTransactionsSchema,
  reportParamsSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import { brazilDate } from '../../lib/brazil-time';
import type { App } from '../../lib/fastify';
import { type CreditBalances, creditPayoutToSaldo, retryPayoutNow } from '../draws';
import type { PixProvider } from '../payments';
import { latestLedgerAudit, runAndStoreLedgerAudit } from '../wallet';
import { reports } from './admin-finance-reports.service';
import {
  byCategory,
  dailySummary,
  financeSummary,
  recentTransactions,
} from './admin-finance.service';
import { getPayoutQueueItem, payoutQueue } from './admin-payout-queue.service';
import { actorOf, writeAudit } from '../audit/audit.service';

export function registerAdminFinanceRoutes(
  app: App,
  deps: { database: Database; pix: () => PixProvider | null },
) {
  const db = deps.database.db;
  // Reports and CSV exports may lag a second: the read standby when there is one.
  const read = deps.database.read;

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
        return getPayoutQueueItem(db, staff.role, request.params.id);
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
}
