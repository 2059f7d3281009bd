/**
 * The financial tab (spec 001 "Admin financial tab"), computed from the ledger and the records it
 * moves money for — never from a summary table that could drift: the four cards, the daily summary,
 * recent transactions and totals by category (the reports as CSV: admin-finance-reports.service.ts;
 * the payout queue: admin-payout-queue.service.ts; how refunded entries count: admin-finance-sql.ts).
 */
import { type FinanceSummary, type Role, viewField } from '@sorteio/shared';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  payouts,
  pixReceived,
  salas,
} from '../../db/schema';
import { brazilDayStart, brazilDaySql, brazilDays } from '../../lib/brazil-time';
import {
  CASHBACK_KINDS,
  ENTRY_KINDS,
  entrySum,
  financeStatus,
  keptEntry,
  keptEntryCount,
  participationRows,
  refundedEntry,
  withAccountAndTransaction,
} from './admin-finance-sql';

export async function financeSummary(db: Db): Promise<FinanceSummary> {
  const [[ledger], [entries], [pixIn], [pixOut]] = await Promise.all([
    withAccountAndTransaction(
      db
        .select({
          revenue: entrySum('room_pool', ENTRY_KINDS, keptEntry),
          refunded: entrySum('room_pool', ENTRY_KINDS, refundedEntry),
          fees: entrySum('platform_revenue'),
          prizes: entrySum('user_saldo', ['prize']),
          cashback: entrySum('user_cashback', CASHBACK_KINDS),
        })
        .from(ledgerEntries)
        .$dynamic(),
    ),
    db
      .select({
        n: sql<number>`(count(*) filter (where ${keptEntry}))::int`,
        refunded: sql<number>`(count(*) filter (where ${refundedEntry}))::int`,
        categories: sql<number>`(count(distinct ${salas.tipoSala}) filter (where ${keptEntry}))::int`,
      })
      .from(ledgerTransactions)
      .innerJoin(salas, eq(salas.id, ledgerTransactions.salaId))
      .where(inArray(ledgerTransactions.kind, ENTRY_KINDS)),
    db
      .select({ total: sql<string>`coalesce(sum(${pixReceived.amount}), 0)` })
      .from(pixReceived)
      .where(
        inArray(pixReceived.outcome, ['participacao', 'topup', 'late_payment', 'amount_mismatch']),
      ),
    db
      .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
      .from(payouts)
      .where(eq(payouts.status, 'confirmado')),
  ]);
  const totalRevenue = Number(ledger?.revenue ?? 0);
  const transactions = entries?.n ?? 0;
  return {
    totalRevenue,
    transactions,
    averageValue: transactions > 0 ? Math.round(totalRevenue / transactions) : 0,
    categories: entries?.categories ?? 0,
    platformFees: Number(ledger?.fees ?? 0),
    prizesPaid: Number(ledger?.prizes ?? 0),
    cashbackGiven: Number(ledger?.cashback ?? 0),
    refundedTotal: Number(ledger?.refunded ?? 0),
    refundedCount: entries?.refunded ?? 0,
    pixIn: Number(pixIn?.total ?? 0),
    pixOut: Number(pixOut?.total ?? 0),
  };
}

/**
 * Per Brasília day of the last `days`, oldest first: what kept entries paid in, how many there
 * were, and the platform's fees.
 */
export async function revenueByDay(db: Db, days: number, now: Date) {
  const day = brazilDaySql(ledgerEntries.createdAt);
  const rows = await withAccountAndTransaction(
    db
      .select({
        date: day,
        revenue: entrySum('room_pool', ENTRY_KINDS, keptEntry),
        fees: entrySum('platform_revenue'),
        count: keptEntryCount,
      })
      .from(ledgerEntries)
      .$dynamic(),
  )
    .where(
      and(
        gte(ledgerEntries.createdAt, brazilDayStart(now, days - 1)),
        // The sums read no other account (and every entry pays into a room pool).
        inArray(ledgerAccounts.kind, ['room_pool', 'platform_revenue']),
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  return brazilDays(days, now).map((date) => {
    const r = byDay.get(date);
    return {
      date,
      revenue: Number(r?.revenue ?? 0),
      fees: Number(r?.fees ?? 0),
      count: r?.count ?? 0,
    };
  });
}

/** Entries and fees per Brasília day, newest first (spec 001: fetched for 30 days). */
export async function dailySummary(db: Db, days = 30, now = new Date()) {
  return (await revenueByDay(db, days, now)).reverse().map((r) => ({
    ...r,
    average: r.count > 0 ? Math.round(r.revenue / r.count) : 0,
  }));
}

/**
 * The 20 latest participations (spec 001 section 7). A player without a name shows the e-mail as
 * the viewer may see it (staff-access.ts).
 */
export async function recentTransactions(db: Db, viewer: Role, limit = 20) {
  const rows = await participationRows(db).orderBy(desc(participacoes.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.p.id,
    userName: r.nome ?? viewField(viewer, 'email', r.email),
    tipoSala: r.tipoSala,
    valorPago: r.p.valorPago,
    statusPagamento: financeStatus(r.p.statusPagamento, r.refunded),
    metodoPagamento: r.p.metodoPagamento,
    createdAt: r.p.createdAt.toISOString(),
  }));
}

/** Confirmed entries by room type, from the ledger's entry payments (refunded ones left out). */
export async function byCategory(db: Db) {
  const rows = await withAccountAndTransaction(
    db
      .select({
        tipoSala: salas.tipoSala,
        total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
        count: sql<number>`count(distinct ${ledgerTransactions.id})::int`,
      })
      .from(ledgerEntries)
      .$dynamic(),
  )
    .innerJoin(salas, eq(salas.id, ledgerTransactions.salaId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'room_pool'),
        inArray(ledgerTransactions.kind, ENTRY_KINDS),
        keptEntry,
      ),
    )
    .groupBy(salas.tipoSala)
    .orderBy(desc(sql`sum(${ledgerEntries.amount})`));
  return rows.map((r) => ({ tipoSala: r.tipoSala, total: Number(r.total), count: r.count }));
}
