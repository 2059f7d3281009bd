/**
 * The financial tab (spec 001 "Admin financial tab"), computed from the ledger and the records it
 * moves money for — never from a summary table that could drift: the four cards, the daily summary,
 * recent transactions, totals by category, the four reports as CSV, and the payout queue.
 *
 * An entry refunded because its room was cancelled is not revenue: it leaves every Receita figure,
 * entry count and category total, reads 'reembolsado' wherever a status is shown, and is summed
 * apart (the summary's refundedTotal, the monthly report's 'Reembolsos' column, in the month the
 * entry was paid, so Receita + Reembolsos is everything paid in that month). Cashback figures are
 * net of what refunds took back.
 */
import {
  type FinanceEntryStatus,
  type FinanceSummary,
  type PayoutQueueItem,
  type Role,
  viewField,
} from '@sorteio/shared';
import { type SQL, and, desc, eq, gte, inArray, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  payouts,
  pixReceived,
  profiles,
  salas,
  user,
} from '../../db/schema';
import { brazilDayStart, brazilDaySql, brazilDays, brazilMonthSql } from '../../lib/brazil-time';
import { calendarCell, dateTimeCell, moneyCell, numberCell, textCell, toCsv } from '../../lib/csv';
import { firstName } from '../../lib/names';
import { isRefundedSql } from '../draws/draws.service';

const ENTRY_KINDS = ['entry_pix', 'entry_balance'] as const;
/** Cashback credited on entries and taken back by refunds: their sum is what players kept. */
const CASHBACK_KINDS = ['cashback', 'cashback_reversal'] as const;

/** The ledger transaction being summed paid for an entry that was later refunded. */
const refundedEntry = isRefundedSql(ledgerTransactions.participacaoId);
const keptEntry = not(refundedEntry);

/**
 * Sum of the entries on accounts of `kind` within transactions of `txKinds` (all when omitted),
 * restricted further by `extra`.
 */
function entrySum(kind: string, txKinds?: readonly string[], extra?: SQL) {
  return sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.kind} = ${kind}${
    txKinds ? sql` and ${ledgerTransactions.kind} in ${txKinds}` : sql``
  }${extra ? sql` and ${extra}` : sql``}), 0)`;
}

/** A participation's status as finance shows it: a refunded entry reads 'reembolsado'. */
const financeStatus = (
  status: 'pendente' | 'confirmado' | 'cancelado',
  refunded: boolean,
): FinanceEntryStatus => (refunded ? 'reembolsado' : status);

export async function financeSummary(db: Db): Promise<FinanceSummary> {
  const [[ledger], [entries], [pixIn], [pixOut]] = await Promise.all([
    db
      .select({
        revenue: entrySum('room_pool', ENTRY_KINDS, keptEntry),
        refunded: entrySum('room_pool', ENTRY_KINDS, refundedEntry),
        fees: entrySum('platform_revenue'),
        prizes: entrySum('user_saldo', ['prize']),
        cashback: entrySum('user_cashback', CASHBACK_KINDS),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId)),
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

/** Entries and fees per Brasília day (spec 001: fetched for 30 days). */
export async function dailySummary(db: Db, days = 30, now = new Date()) {
  const day = brazilDaySql(ledgerEntries.createdAt);
  const rows = await db
    .select({
      date: day,
      revenue: entrySum('room_pool', ENTRY_KINDS, keptEntry),
      fees: entrySum('platform_revenue'),
      count: sql<number>`(count(distinct ${ledgerTransactions.id}) filter (where ${ledgerTransactions.kind} in ${ENTRY_KINDS} and ${keptEntry}))::int`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(gte(ledgerEntries.createdAt, brazilDayStart(now, days - 1)))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  return brazilDays(days, now)
    .reverse()
    .map((date) => {
      const r = byDay.get(date);
      const revenue = Number(r?.revenue ?? 0);
      const count = r?.count ?? 0;
      return {
        date,
        revenue,
        fees: Number(r?.fees ?? 0),
        count,
        average: count > 0 ? Math.round(revenue / count) : 0,
      };
    });
}

/** Participations with their room type, the player's name and e-mail, and whether refunded. */
const participationRows = (db: Db) =>
  db
    .select({
      p: participacoes,
      tipoSala: salas.tipoSala,
      nome: profiles.nomeCompleto,
      email: user.email,
      refunded: isRefundedSql(participacoes.id),
    })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .innerJoin(user, eq(user.id, participacoes.userId))
    .leftJoin(profiles, eq(profiles.id, participacoes.userId))
    .$dynamic();

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
  const rows = await db
    .select({
      tipoSala: salas.tipoSala,
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      count: sql<number>`count(distinct ${ledgerTransactions.id})::int`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
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

/**
 * Prizes and withdrawals waiting, being sent, or returned in the last 30 days; the e-mail as the
 * viewer may see it (staff-access.ts).
 */
export async function payoutQueue(
  db: Db,
  viewer: Role,
  now = new Date(),
): Promise<PayoutQueueItem[]> {
  const rows = await db
    .select({ p: payouts, nome: profiles.nomeCompleto, email: user.email })
    .from(payouts)
    .innerJoin(user, eq(user.id, payouts.userId))
    .leftJoin(profiles, eq(profiles.id, payouts.userId))
    .where(
      or(
        inArray(payouts.status, ['pendente', 'enviando']),
        and(
          eq(payouts.status, 'devolvido'),
          gte(payouts.updatedAt, new Date(now.getTime() - 30 * 86_400_000)),
        ),
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.p.id,
    kind: r.p.kind,
    userId: r.p.userId,
    userName: r.nome ?? viewField(viewer, 'email', r.email),
    email: viewField(viewer, 'email', r.email),
    amount: r.p.amount,
    pixKey: maskKey(r.p.pixKey),
    status: r.p.status,
    attempts: r.p.attempts,
    lastError: r.p.lastError,
    nextAttemptAt: r.p.nextAttemptAt.toISOString(),
    createdAt: r.p.createdAt.toISOString(),
    sorteioId: r.p.sorteioId,
  }));
}

/**
 * One payout as the queue shows it after a staff action; one that has left the queue (confirmed,
 * or returned long ago) comes from its own row, without the player's name, e-mail or key.
 */
export async function getPayoutQueueItem(
  db: Db,
  viewer: Role,
  payoutId: string,
): Promise<PayoutQueueItem> {
  const item = (await payoutQueue(db, viewer)).find((p) => p.id === payoutId);
  if (item) return item;
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
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
}

/** A PIX key shown to staff without all of it: the start and the end. */
function maskKey(key: string): string {
  if (key.length <= 6) return '•'.repeat(key.length);
  return `${key.slice(0, 3)}${'•'.repeat(Math.min(8, key.length - 6))}${key.slice(-3)}`;
}

// ---------------------------------------------------------------- reports (CSV)

const typeLabel = (t: string) =>
  t === 'privada' ? 'Privada' : t.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The transactions CSV; the e-mail column as the viewer may see it (staff-access.ts). */
export async function transactionsReport(db: Db, viewer: Role, now = new Date()): Promise<string> {
  const rows = await participationRows(db)
    .where(gte(participacoes.createdAt, new Date(now.getTime() - 365 * 86_400_000)))
    .orderBy(desc(participacoes.createdAt));
  return toCsv(
    [
      'Data',
      'Jogador',
      'E-mail',
      'Tipo de sala',
      'Número da sorte',
      'Valor (R$)',
      'Forma de pagamento',
      'Status',
    ],
    rows.map((r) => [
      dateTimeCell(r.p.createdAt),
      textCell(r.nome ?? firstName(null, 'Jogador')),
      textCell(viewField(viewer, 'email', r.email)),
      textCell(typeLabel(r.tipoSala)),
      textCell(r.p.numeroSorte),
      moneyCell(r.p.valorPago),
      r.p.metodoPagamento === 'pix' ? 'PIX' : 'Saldo',
      textCell(financeStatus(r.p.statusPagamento, r.refunded)),
    ]),
  );
}

export async function monthlyReport(db: Db): Promise<string> {
  const month = brazilMonthSql(ledgerEntries.createdAt);
  const rows = await db
    .select({
      month,
      entries: sql<number>`(count(distinct ${ledgerTransactions.id}) filter (where ${ledgerTransactions.kind} in ${ENTRY_KINDS} and ${keptEntry}))::int`,
      revenue: entrySum('room_pool', ENTRY_KINDS, keptEntry),
      refunds: entrySum('room_pool', ENTRY_KINDS, refundedEntry),
      fees: entrySum('platform_revenue'),
      prizes: entrySum('user_saldo', ['prize']),
      cashback: entrySum('user_cashback', CASHBACK_KINDS),
      pixIn: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.kind} = 'pix_clearing' and ${ledgerEntries.amount} < 0), 0)`,
      pixOut: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.kind} = 'pix_clearing' and ${ledgerEntries.amount} > 0), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .groupBy(month)
    .orderBy(desc(month))
    .limit(24);
  return toCsv(
    [
      'Mês',
      'Participações',
      'Receita bruta (R$)',
      'Reembolsos (R$)',
      'Taxas da plataforma (R$)',
      'Prêmios (R$)',
      'Cashback (R$)',
      'Entradas PIX (R$)',
      'Saídas PIX (R$)',
    ],
    rows.map((r) => [
      calendarCell(r.month),
      String(r.entries),
      moneyCell(Number(r.revenue)),
      moneyCell(Number(r.refunds)),
      moneyCell(Number(r.fees)),
      moneyCell(Number(r.prizes)),
      moneyCell(Number(r.cashback)),
      moneyCell(Number(r.pixIn)),
      moneyCell(Number(r.pixOut)),
    ]),
  );
}

export async function categoriesReport(db: Db): Promise<string> {
  const rows = await byCategory(db);
  const total = rows.reduce((acc, r) => acc + r.total, 0);
  return toCsv(
    ['Tipo de sala', 'Participações', 'Receita (R$)', 'Ticket médio (R$)', 'Parte da receita (%)'],
    rows.map((r) => [
      textCell(typeLabel(r.tipoSala)),
      String(r.count),
      moneyCell(r.total),
      moneyCell(r.count > 0 ? Math.round(r.total / r.count) : 0),
      numberCell(total > 0 ? (r.total / total) * 100 : 0, 1),
    ]),
  );
}

export async function growthReport(db: Db): Promise<string> {
  const signupMonth = brazilMonthSql(user.createdAt);
  const entryMonth = brazilMonthSql(participacoes.createdAt);
  const [signups, activity] = await Promise.all([
    db
      .select({
        month: signupMonth,
        users: sql<number>`count(*)::int`,
        confirmed: sql<number>`(count(*) filter (where ${user.emailVerified}))::int`,
        verified: sql<number>`(count(*) filter (where ${profiles.isVerified}))::int`,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .groupBy(signupMonth),
    db
      .select({
        month: entryMonth,
        players: sql<number>`count(distinct ${participacoes.userId})::int`,
        entries: sql<number>`count(*)::int`,
      })
      .from(participacoes)
      .where(
        and(eq(participacoes.statusPagamento, 'confirmado'), not(isRefundedSql(participacoes.id))),
      )
      .groupBy(entryMonth),
  ]);
  const months = [...new Set([...signups.map((s) => s.month), ...activity.map((a) => a.month)])]
    .sort()
    .reverse()
    .slice(0, 24);
  const s = new Map(signups.map((r) => [r.month, r]));
  const a = new Map(activity.map((r) => [r.month, r]));
  return toCsv(
    [
      'Mês',
      'Novos usuários',
      'E-mails confirmados',
      'Verificados',
      'Jogadores ativos',
      'Participações',
    ],
    months.map((m) => [
      calendarCell(m),
      String(s.get(m)?.users ?? 0),
      String(s.get(m)?.confirmed ?? 0),
      String(s.get(m)?.verified ?? 0),
      String(a.get(m)?.players ?? 0),
      String(a.get(m)?.entries ?? 0),
    ]),
  );
}

export const reports = {
  transactions: { build: transactionsReport, file: 'transacoes' },
  monthly: { build: monthlyReport, file: 'relatorio-mensal' },
  categories: { build: categoriesReport, file: 'analise-por-categoria' },
  growth: { build: growthReport, file: 'relatorio-de-crescimento' },
} as const;
