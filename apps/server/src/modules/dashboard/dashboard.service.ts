/** The player's figures, computed by the server in one request each (confirmed payments only). */
import {
  HISTORY_PAGE_SIZE,
  type Dashboard,
  type History,
  type HistoryItem,
  type HistoryQuery,
  type RecentDraw,
  type Stats,
} from '@sorteio/shared';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstName } from '../../lib/names';
import { isPlayerAccount } from '../../lib/player-accounts';
import {
  participacoes,
  privateRooms,
  profiles,
  salas,
  sorteios,
  user,
  userSecurityLogs,
} from '../../db/schema';
import { toParticipation } from '../rooms/rooms.service';
import { walletOf } from '../wallet';
import { brazilMonthSql } from '../../lib/brazil-time';

async function playerTotals(db: Db, userId: string) {
  const [entries] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${participacoes.valorPago}), 0)` })
    .from(participacoes)
    .where(and(eq(participacoes.userId, userId), eq(participacoes.statusPagamento, 'confirmado')));
  const [wins] = await db
    .select({
      n: count(),
      // Every prize won: it is credited to the Saldo at the draw (decision 015), whether or not
      // its PIX to the winner's key has arrived yet, so it agrees with 'Vitórias' and the statement.
      won: sql<string>`coalesce(sum(${sorteios.valorPremioLiquido}), 0)`,
    })
    .from(sorteios)
    .where(eq(sorteios.userIdVencedor, userId));
  const totalParticipacoes = entries?.n ?? 0;
  const investidoTotal = Number(entries?.total ?? 0);
  const vitorias = wins?.n ?? 0;
  const totalGanho = Number(wins?.won ?? 0);
  return {
    totalParticipacoes,
    investidoTotal,
    vitorias,
    totalGanho,
    lucroPrejuizo: totalGanho - investidoTotal,
  };
}

export async function recentDraws(db: Db, limit: number): Promise<RecentDraw[]> {
  const rows = await db
    .select({
      id: sorteios.id,
      hashProva: sorteios.hashProva,
      tipoSala: salas.tipoSala,
      premioLiquido: sorteios.valorPremioLiquido,
      nome: profiles.nomeCompleto,
      timestampSorteio: sorteios.timestampSorteio,
    })
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .leftJoin(profiles, eq(profiles.id, sorteios.userIdVencedor))
    .where(ne(salas.tipoSala, 'privada'))
    .orderBy(desc(sorteios.timestampSorteio))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    hashProva: r.hashProva,
    tipoSala: r.tipoSala,
    premioLiquido: r.premioLiquido,
    vencedorPrimeiroNome: firstName(r.nome, 'Anônimo'),
    timestampSorteio: r.timestampSorteio.toISOString(),
  }));
}

/** The platform's figures on every player's dashboard (the same for all: cached by the caller). */
export interface DashboardPlatform {
  live: Dashboard['live'];
  recentDraws: RecentDraw[];
}

export async function dashboardPlatform(db: Db): Promise<DashboardPlatform> {
  const [[users], [open], [revenue], [draws], recent] = await Promise.all([
    db.select({ n: count() }).from(user).where(isPlayerAccount),
    db
      .select({ n: count() })
      .from(salas)
      .where(and(eq(salas.status, 'aberta'), ne(salas.tipoSala, 'privada'))),
    db
      .select({ total: sql<string>`coalesce(sum(${participacoes.valorPago}), 0)` })
      .from(participacoes)
      .where(eq(participacoes.statusPagamento, 'confirmado')),
    db.select({ n: count() }).from(sorteios),
    recentDraws(db, 6),
  ]);
  return {
    live: {
      usuarios: users?.n ?? 0,
      salasAbertas: open?.n ?? 0,
      receitaTotal: Number(revenue?.total ?? 0),
      sorteios: draws?.n ?? 0,
    },
    recentDraws: recent.slice(0, 6),
  };
}

/**
 * A player's dashboard: their own balance and totals, with the platform's figures (`platform`:
 * the routes pass a cached read, so the platform-wide counts and sums are not taken on every
 * player's visit).
 */
export async function getDashboard(
  db: Db,
  userId: string,
  platform: () => Promise<DashboardPlatform> = () => dashboardPlatform(db),
): Promise<Dashboard> {
  const [totals, wallet, shared, [signIns]] = await Promise.all([
    playerTotals(db, userId),
    walletOf(db, userId),
    platform(),
    // Accounts start signed out (the e-mail is confirmed first), so every visit begins with a
    // recorded sign-in: one means this is the first.
    db
      .select({ n: count() })
      .from(userSecurityLogs)
      .where(and(eq(userSecurityLogs.userId, userId), eq(userSecurityLogs.actionType, 'login'))),
  ]);
  return {
    pontosAtuais: wallet.saldo + wallet.cashback,
    saldo: wallet.saldo,
    cashback: wallet.cashback,
    ...totals,
    live: shared.live,
    recentDraws: shared.recentDraws,
    hasMoreDraws: shared.live.sorteios > 3,
    generatedAt: new Date().toISOString(),
    primeiraVisita: (signIns?.n ?? 0) <= 1,
  };
}

export async function getHistory(
  db: Db,
  userId: string,
  page: HistoryQuery = { offset: 0, limit: HISTORY_PAGE_SIZE },
): Promise<History> {
  // One row more than the page says whether another page follows.
  const rows = await db
    .select({ p: participacoes, room: salas, draw: sorteios, privateRoomId: privateRooms.id })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .leftJoin(sorteios, eq(sorteios.salaId, participacoes.salaId))
    .leftJoin(privateRooms, eq(privateRooms.salaId, participacoes.salaId))
    .where(eq(participacoes.userId, userId))
    .orderBy(desc(participacoes.createdAt), desc(participacoes.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const totals = await playerTotals(db, userId);
  const items: HistoryItem[] = rows
    .slice(0, page.limit)
    .map(({ p, room, draw, privateRoomId }) => ({
      participation: toParticipation(p),
      room: {
        id: room.id,
        privateRoomId,
        tipoSala: room.tipoSala,
        premioLiquido: room.premioLiquido,
        status: room.status,
        maxParticipantes: room.maxParticipantes,
      },
      draw: draw
        ? {
            id: draw.id,
            numeroVencedor: draw.numeroVencedor,
            timestampSorteio: draw.timestampSorteio.toISOString(),
            hashProva: draw.hashProva,
          }
        : null,
    }));
  return {
    totalParticipacoes: totals.totalParticipacoes,
    vitorias: totals.vitorias,
    taxaVitoria: totals.totalParticipacoes > 0 ? totals.vitorias / totals.totalParticipacoes : 0,
    totalGanho: totals.totalGanho,
    items,
    nextOffset: rows.length > page.limit ? page.offset + page.limit : null,
  };
}

export async function getStats(db: Db, userId: string): Promise<Stats> {
  const totals = await playerTotals(db, userId);
  const spent = await db
    .select({
      mes: brazilMonthSql(participacoes.confirmedAt),
      total: sql<string>`sum(${participacoes.valorPago})`,
    })
    .from(participacoes)
    .where(and(eq(participacoes.userId, userId), eq(participacoes.statusPagamento, 'confirmado')))
    .groupBy(sql`1`);
  const won = await db
    .select({
      mes: brazilMonthSql(sorteios.timestampSorteio),
      total: sql<string>`sum(${sorteios.valorPremioLiquido})`,
    })
    .from(sorteios)
    .where(eq(sorteios.userIdVencedor, userId))
    .groupBy(sql`1`);
  const months = new Map<string, { investido: number; ganho: number }>();
  for (const r of spent) months.set(r.mes, { investido: Number(r.total), ganho: 0 });
  for (const r of won)
    months.set(r.mes, { investido: months.get(r.mes)?.investido ?? 0, ganho: Number(r.total) });
  const byType = await db
    .select({
      tipoSala: salas.tipoSala,
      participacoes: count(),
      vitorias: sql<number>`count(*) filter (where ${participacoes.ehVencedor})::int`,
    })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .where(and(eq(participacoes.userId, userId), eq(participacoes.statusPagamento, 'confirmado')))
    .groupBy(salas.tipoSala);
  return {
    ...totals,
    taxaVitoria: totals.totalParticipacoes > 0 ? totals.vitorias / totals.totalParticipacoes : 0,
    porMes: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([mes, v]) => ({ mes, ...v })),
    porTipo: byType.map((r) => ({
      tipoSala: r.tipoSala,
      participacoes: r.participacoes,
      vitorias: r.vitorias,
    })),
  };
}
