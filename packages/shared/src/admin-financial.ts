/**
 * Contracts of the administrator finance tab (spec 001): the summary, daily and per-room
 * type figures, recent entries, reports, the payout queue and the ledger audit. Amounts in centavos.
 */
import { z } from 'zod';
import { paymentMethodSchema, roomTypeSchema } from './rooms';

const isoDate = z.string();

export const financeSummarySchema = z.object({
  totalRevenue: z.number().int(),
  transactions: z.number().int(),
  averageValue: z.number().int(),
  categories: z.number().int(),
  platformFees: z.number().int(),
  prizesPaid: z.number().int(),
  /** Cashback credited on entries, net of what refunds took back. */
  cashbackGiven: z.number().int(),
  /** Entries given back when their room was cancelled: not in totalRevenue nor transactions. */
  refundedTotal: z.number().int(),
  refundedCount: z.number().int(),
  pixIn: z.number().int(),
  pixOut: z.number().int(),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

export const dailySummarySchema = z.array(
  z.object({
    date: z.string(),
    revenue: z.number().int(),
    fees: z.number().int(),
    count: z.number().int(),
    average: z.number().int(),
  }),
);
/**
 * A participation as finance shows it: its payment status, or 'reembolsado' once its room was
 * cancelled and the entry given back (the seat stays 'confirmado': it was paid, then refunded).
 */
export const financeEntryStatuses = ['pendente', 'confirmado', 'cancelado', 'reembolsado'] as const;
export type FinanceEntryStatus = (typeof financeEntryStatuses)[number];

export const recentTransactionsSchema = z.array(
  z.object({
    id: z.string(),
    userName: z.string(),
    tipoSala: roomTypeSchema,
    valorPago: z.number().int(),
    statusPagamento: z.enum(financeEntryStatuses),
    metodoPagamento: paymentMethodSchema,
    createdAt: isoDate,
  }),
);
export const byCategorySchema = z.array(
  z.object({ tipoSala: roomTypeSchema, total: z.number().int(), count: z.number().int() }),
);

export const reportKinds = ['transactions', 'monthly', 'categories', 'growth'] as const;
export const reportParamsSchema = z.object({ kind: z.enum(reportKinds) });

export const payoutQueueItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['prize', 'withdrawal']),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  amount: z.number().int(),
  pixKey: z.string(),
  status: z.enum(['pendente', 'enviando', 'confirmado', 'devolvido']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDate,
  createdAt: isoDate,
  sorteioId: z.string().nullable(),
});
export const payoutQueueSchema = z.array(payoutQueueItemSchema);
export type PayoutQueueItem = z.infer<typeof payoutQueueItemSchema>;
export const payoutIdParamsSchema = z.object({
  id: z.uuid({ error: 'Pagamento não encontrado.' }),
});

export const ledgerAuditSchema = z.object({
  ok: z.boolean(),
  at: isoDate,
  durationMs: z.number().int(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type LedgerAuditResult = z.infer<typeof ledgerAuditSchema>;
