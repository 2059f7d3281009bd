/**
 * The public winners page: recent winners of public rooms and the monthly rankings (biggest prizes,
 * most entries), every name masked by `publicWinnerName` and the player's choice of 'Anônimo'.
 * Private rooms never appear. An account deleted at its owner's request is shown as 'Anônimo'.
 */
import {
  type PublicWinner,
  type Rankings,
  brasiliaMonthOf,
  brasiliaMonthRange,
  publicWinnerName,
} from '@sorteio/shared';
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participacoes, profiles, salas, sorteios } from '../../db/schema';

const anonymousSql = sql<boolean>`coalesce(${profiles.anonimoNosGanhadores}, false) or ${profiles.deletedAt} is not null`;

const winnerColumns = {
  sorteioId: sorteios.id,
  nome: profiles.nomeCompleto,
  anonimo: anonymousSql,
  premio: sorteios.valorPremioLiquido,
  tipoSala: salas.tipoSala,
  data: sorteios.timestampSorteio,
};

type WinnerRow = {
  sorteioId: string;
  nome: string | null;
  anonimo: boolean | null;
  premio: number;
  tipoSala: string;
  data: Date;
};

const toWinner = (r: WinnerRow): PublicWinner => ({
  sorteioId: r.sorteioId,
  nome: publicWinnerName(r.nome, Boolean(r.anonimo)),
  premio: r.premio,
  tipoSala: r.tipoSala,
  data: r.data.toISOString(),
});

export async function recentWinners(db: Db, limit = 20): Promise<{ items: PublicWinner[] }> {
  const rows = await db
    .select(winnerColumns)
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .leftJoin(profiles, eq(profiles.id, sorteios.userIdVencedor))
    .where(ne(salas.tipoSala, 'privada'))
    .orderBy(desc(sorteios.timestampSorteio), desc(sorteios.id))
    .limit(limit);
  return { items: rows.map(toWinner) };
}

/** The rankings of one month (Brasília time): the 10 biggest prizes and the 10 players with most entries. */
export async function monthlyRankings(
  db: Db,
  month: string = brasiliaMonthOf(new Date()),
): Promise<Rankings> {
  const { start, end } = brasiliaMonthRange(month);
  const prizes = await db
    .select(winnerColumns)
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .leftJoin(profiles, eq(profiles.id, sorteios.userIdVencedor))
    .where(
      and(
        ne(salas.tipoSala, 'privada'),
        gte(sorteios.timestampSorteio, start),
        lt(sorteios.timestampSorteio, end),
      ),
    )
    .orderBy(desc(sorteios.valorPremioLiquido), asc(sorteios.timestampSorteio), asc(sorteios.id))
    .limit(10);
  // Confirmed entries in public rooms that were not cancelled (cancelled rooms refund them),
  // counted in the month the entry was confirmed.
  const at = sql`coalesce(${participacoes.confirmedAt}, ${participacoes.createdAt})`;
  const entries = sql<number>`count(*)::int`;
  const first = sql`min(${at})`;
  const players = await db
    .select({
      userId: participacoes.userId,
      nome: profiles.nomeCompleto,
      anonimo: anonymousSql,
      participacoes: entries,
    })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .leftJoin(profiles, eq(profiles.id, participacoes.userId))
    .where(
      and(
        eq(participacoes.statusPagamento, 'confirmado'),
        ne(salas.tipoSala, 'privada'),
        ne(salas.status, 'cancelada'),
        sql`${at} >= ${start.toISOString()}::timestamptz`,
        sql`${at} < ${end.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(
      participacoes.userId,
      profiles.nomeCompleto,
      profiles.anonimoNosGanhadores,
      profiles.deletedAt,
    )
    .orderBy(desc(entries), asc(first), asc(participacoes.userId))
    .limit(10);
  return {
    mes: month,
    maioresPremios: prizes.map((r, i) => ({ ...toWinner(r), posicao: i + 1 })),
    maisParticipacoes: players.map((r, i) => ({
      posicao: i + 1,
      nome: publicWinnerName(r.nome, Boolean(r.anonimo)),
      participacoes: r.participacoes,
    })),
  };
}
