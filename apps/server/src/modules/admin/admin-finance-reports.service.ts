/**
 * The financial tab's four reports as CSV for Excel pt-BR (spec 001 "Admin financial tab"):
 * transactions, monthly, by category and growth, from the ledger and the records it moves money
 * for (how refunded entries count: admin-finance-sql.ts).
 */
import { type Role, viewField } from '@sorteio/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, participacoes, profiles, user } from '../../db/schema';
import { brazilMonthSql } from '../../lib/brazil-time';
import { calendarCell, dateTimeCell, moneyCell, numberCell, textCell, toCsv } from '../../lib/csv';
import { firstName } from '../../lib/names';
import {
  CASHBACK_KINDS,
  ENTRY_KINDS,
  entrySum,
  financeStatus,
  keptEntry,
  keptEntryCount,
  keptParticipation,
  participationRows,
  refundedEntry,
  withAccountAndTransaction,
} from './admin-finance-sql';
import { byCategory } from './admin-finance.service';

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
  const rows = await withAccountAndTransaction(
    db
      .select({
        month,
        entries: keptEntryCount,
        revenue: entrySum('room_pool', ENTRY_KINDS, keptEntry),
        refunds: entrySum('room_pool', ENTRY_KINDS, refundedEntry),
        fees: entrySum('platform_revenue'),
        prizes: entrySum('user_saldo', ['prize']),
        cashback: entrySum('user_cashback', CASHBACK_KINDS),
        pixIn: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.kind} = 'pix_clearing' and ${ledgerEntries.amount} < 0), 0)`,
        pixOut: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.kind} = 'pix_clearing' and ${ledgerEntries.amount} > 0), 0)`,
      })
      .from(ledgerEntries)
      .$dynamic(),
  )
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
      .where(and(eq(participacoes.statusPagamento, 'confirmado'), keptParticipation))
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
