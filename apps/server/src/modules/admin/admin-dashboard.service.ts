/**
 * The administrator's dashboard (spec 001 "Admin shell and dashboard", sections 7 and 9): the
 * metric cards, alerts, recent activity, performance and realtime figures, computed from the
 * business tables and the ledger on every request (no summary table that can drift). "Active
 * users today" is counted from real activity, not estimated.
 */
import {
  type ActivityItem,
  type AdminAccess,
  type AdminDashboard,
  type SessionUser,
  type SystemAlert,
  formatBRL,
  countOf,
  permissionsOf,
} from '@sorteio/shared';
import { and, count, countDistinct, desc, eq, gte, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  participacoes,
  profiles,
  salas,
  sorteios,
  user,
  userActivity,
} from '../../db/schema';
import { brazilDayStart } from '../../lib/brazil-time';
import { firstName } from '../../lib/names';
import { isRefundedSql } from '../draws/draws.service';
import { isPlayerAccount } from '../../lib/player-accounts';
import { latestLedgerAudit } from '../wallet';

/** Spec 001 section 9: total revenue above R$ 10.000,00 is the revenue goal. */
export const REVENUE_GOAL = 1_000_000;

export async function pendingPrizes(db: Db) {
  const [row] = await db
    .select({
      n: count(),
      amount: sql<string>`coalesce(sum(${sorteios.valorPremioLiquido}), 0)`,
    })
    .from(sorteios)
    .where(eq(sorteios.statusPagamentoPremio, 'pendente'));
  return { count: row?.n ?? 0, amount: Number(row?.amount ?? 0) };
}

async function openRoomCount(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(salas)
    .where(and(eq(salas.status, 'aberta'), ne(salas.tipoSala, 'privada')));
  return row?.n ?? 0;
}

export async function getAdminDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const today = brazilDayStart(now);
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [
    [users],
    [newUsers],
    [active],
    openRooms,
    [entries],
    [buyers],
    [fees],
    [draws],
    pending,
    audit,
  ] = await Promise.all([
    // Players only: staff accounts are neither users nor sign-ups of the platform.
    db.select({ n: count() }).from(user).where(isPlayerAccount),
    db
      .select({ n: count() })
      .from(user)
      .where(and(isPlayerAccount, gte(user.createdAt, dayAgo))),
    db
      .select({ n: count() })
      .from(userActivity)
      .innerJoin(user, eq(user.id, userActivity.userId))
      .where(and(isPlayerAccount, gte(userActivity.lastActivity, today))),
    openRoomCount(db),
    db
      .select({
        n: count(),
        total: sql<string>`coalesce(sum(${participacoes.valorPago}), 0)`,
      })
      .from(participacoes)
      // Entries refunded when their room was cancelled are neither revenue nor participations.
      .where(
        and(eq(participacoes.statusPagamento, 'confirmado'), not(isRefundedSql(participacoes.id))),
      ),
    // Players with at least one confirmed entry: the numerator of the conversion rate.
    db
      .select({ n: countDistinct(participacoes.userId) })
      .from(participacoes)
      .innerJoin(user, eq(user.id, participacoes.userId))
      .where(
        and(
          isPlayerAccount,
          eq(participacoes.statusPagamento, 'confirmado'),
          not(isRefundedSql(participacoes.id)),
        ),
      ),
    db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerAccounts.kind, 'platform_revenue')),
    db.select({ n: count() }).from(sorteios),
    pendingPrizes(db),
    latestLedgerAudit(db),
  ]);
  const totalUsers = users?.n ?? 0;
  const participations = entries?.n ?? 0;
  const revenue = Number(entries?.total ?? 0);
  const alerts: SystemAlert[] = [];
  if (pending.count > 0)
    alerts.push({
      id: 'pending-prizes',
      priority: 'high',
      kind: 'warning',
      title: 'Pagamentos Pendentes',
      message: `${pending.count} ${pending.count === 1 ? 'prêmio aguarda' : 'prêmios aguardam'} pagamento (${formatBRL(pending.amount)}).`,
    });
  if (audit && !audit.ok)
    alerts.push({
      id: 'ledger-audit',
      priority: 'high',
      kind: 'error',
      title: 'Auditoria do livro-caixa',
      message: `A última auditoria encontrou ${countOf(audit.checks.filter((c) => !c.ok).length, 'problema', 'problemas')}. Veja Financeiro.`,
    });
  if (openRooms === 0)
    alerts.push({
      id: 'no-open-rooms',
      priority: 'medium',
      kind: 'info',
      title: 'Nenhuma Sala Ativa',
      message: 'Não há salas abertas no momento. Crie uma sala para os jogadores participarem.',
    });
  if (revenue > REVENUE_GOAL)
    alerts.push({
      id: 'revenue-goal',
      priority: 'low',
      kind: 'success',
      title: 'Meta de Receita',
      message: `A receita total passou de ${formatBRL(REVENUE_GOAL)}: ${formatBRL(revenue)}.`,
    });
  return {
    metrics: {
      totalUsers,
      newUsers24h: newUsers?.n ?? 0,
      activeToday: active?.n ?? 0,
      openRooms,
      participations,
      revenue,
      platformFees: Number(fees?.total ?? 0),
      draws: draws?.n ?? 0,
      pendingPrizes: pending.count,
      pendingPrizesAmount: pending.amount,
    },
    performance: {
      // Share of players who ever paid an entry (never above 100 %): spec 001 section 9 divides
      // participations by users, which passes 100 % as soon as players enter more than once.
      conversionRate: totalUsers > 0 ? Math.min(1, (buyers?.n ?? 0) / totalUsers) : 0,
      averageTicket: participations > 0 ? Math.round(revenue / participations) : 0,
    },
    alerts,
    generatedAt: now.toISOString(),
  };
}

/** Spec 001 section 9: the latest 5 participations, 3 draws and 3 sign-ups; 5 shown. */
export async function getRecentActivity(db: Db): Promise<ActivityItem[]> {
  const [entries, draws, signups] = await Promise.all([
    db
      .select({
        id: participacoes.id,
        nome: profiles.nomeCompleto,
        tipoSala: salas.tipoSala,
        amount: participacoes.valorPago,
        at: participacoes.createdAt,
      })
      .from(participacoes)
      .innerJoin(salas, eq(salas.id, participacoes.salaId))
      .leftJoin(profiles, eq(profiles.id, participacoes.userId))
      .orderBy(desc(participacoes.createdAt))
      .limit(5),
    db
      .select({
        id: sorteios.id,
        nome: profiles.nomeCompleto,
        tipoSala: salas.tipoSala,
        amount: sorteios.valorPremioLiquido,
        at: sorteios.timestampSorteio,
      })
      .from(sorteios)
      .innerJoin(salas, eq(salas.id, sorteios.salaId))
      .leftJoin(profiles, eq(profiles.id, sorteios.userIdVencedor))
      .orderBy(desc(sorteios.timestampSorteio))
      .limit(3),
    db
      .select({ id: user.id, nome: profiles.nomeCompleto, email: user.email, at: user.createdAt })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(isPlayerAccount)
      .orderBy(desc(user.createdAt))
      .limit(3),
  ]);
  const items: ActivityItem[] = [
    ...entries.map((e) => ({
      id: `p:${e.id}`,
      kind: 'participation' as const,
      firstName: firstName(e.nome, 'Jogador'),
      tipoSala: e.tipoSala,
      amount: e.amount,
      at: e.at.toISOString(),
    })),
    ...draws.map((d) => ({
      id: `d:${d.id}`,
      kind: 'draw' as const,
      firstName: firstName(d.nome, 'Anônimo'),
      tipoSala: d.tipoSala,
      amount: d.amount,
      at: d.at.toISOString(),
    })),
    ...signups.map((s) => ({
      id: `u:${s.id}`,
      kind: 'signup' as const,
      firstName: firstName(s.nome, s.email.split('@')[0] ?? 'Novo usuário'),
      tipoSala: null,
      amount: null,
      at: s.at.toISOString(),
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 5);
}

export async function getRealtimeMetrics(db: Db, now = new Date()) {
  const [openRooms, [today]] = await Promise.all([
    openRoomCount(db),
    db
      .select({ n: count(), total: sql<string>`coalesce(sum(${participacoes.valorPago}), 0)` })
      .from(participacoes)
      .where(
        and(
          eq(participacoes.statusPagamento, 'confirmado'),
          gte(participacoes.confirmedAt, brazilDayStart(now)),
        ),
      ),
  ]);
  return {
    openRooms,
    todayRevenue: Number(today?.total ?? 0),
    todayParticipations: today?.n ?? 0,
  };
}

/** The caller's administrative access as the diagnostics card shows it. */
export async function getAdminAccess(db: Db, staff: SessionUser): Promise<AdminAccess> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, staff.id));
  return {
    is_admin: staff.isAdmin,
    is_authenticated: true,
    admin_record_exists: row?.role === 'admin',
    role: staff.role,
    permissions: permissionsOf(staff.role),
    twoFactorEnabled: staff.twoFactorEnabled,
  };
}
