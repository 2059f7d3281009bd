/**
 * Analytics (/admin?tab=analytics): one SQL query per chart over the last 7, 30 or 90 days, by the
 * Brasília calendar day. Money comes from the ledger.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participacoes, profiles, salas, user } from '../../db/schema';
import { brazilDayStart, brazilDaySql, brazilDays } from '../../lib/brazil-time';
import { isPlayerAccount } from '../../lib/player-accounts';
import { revenueByDay } from './admin-finance.service';

/** Revenue and fees per day (refunded entries, of cancelled rooms, are not revenue). */
export async function revenueSeries(db: Db, days: number, now = new Date()) {
  const rows = await revenueByDay(db, days, now);
  return rows.map(({ date, revenue, fees }) => ({ date, revenue, fees }));
}

/**
 * Players who signed up each day, and how many of them have a verified identity now. Verified is
 * read from the profile flag, the same source as the funnel (a review row is missing for accounts
 * verified by staff or seeded), and counted by sign-up day, so the period's total equals the
 * funnel's "Identidade verificada" step.
 */
export async function signupSeries(db: Db, days: number, now = new Date()) {
  const since = brazilDayStart(now, days - 1);
  const signupDay = brazilDaySql(user.createdAt);
  const rows = await db
    .select({
      date: signupDay,
      n: count(),
      verified: sql<number>`count(*) filter (where ${profiles.isVerified})::int`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(and(isPlayerAccount, gte(user.createdAt, since)))
    .groupBy(signupDay);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  return brazilDays(days, now).map((date) => ({
    date,
    signups: byDay.get(date)?.n ?? 0,
    verified: Number(byDay.get(date)?.verified ?? 0),
  }));
}

export async function roomTypeSeries(db: Db, days: number, now = new Date()) {
  const since = brazilDayStart(now, days - 1);
  const rows = await db
    .select({
      tipoSala: salas.tipoSala,
      participations: count(),
      amount: sql<string>`coalesce(sum(${participacoes.valorPago}), 0)`,
    })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .where(
      and(eq(participacoes.statusPagamento, 'confirmado'), gte(participacoes.createdAt, since)),
    )
    .groupBy(salas.tipoSala)
    .orderBy(salas.tipoSala);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** Of the players who signed up in the period: how far each got. */
export async function funnel(db: Db, days: number, now = new Date()) {
  const since = brazilDayStart(now, days - 1);
  // Confirmed entries, counted up to 2 (the funnel's last step): a player's thousandth entry is
  // never read.
  const entries = sql`(select count(*) from (select 1 from ${participacoes} p where p.user_id = ${user.id} and p.status_pagamento = 'confirmado' limit 2) as e)`;
  const [row] = await db
    .select({
      signedUp: count(),
      confirmed: sql<number>`count(*) filter (where ${user.emailVerified})::int`,
      verified: sql<number>`count(*) filter (where ${profiles.isVerified})::int`,
      firstEntry: sql<number>`count(*) filter (where ${entries} >= 1)::int`,
      secondEntry: sql<number>`count(*) filter (where ${entries} >= 2)::int`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(and(isPlayerAccount, gte(user.createdAt, since)));
  return [
    { step: 'Cadastro', count: row?.signedUp ?? 0 },
    { step: 'E-mail confirmado', count: row?.confirmed ?? 0 },
    { step: 'Identidade verificada', count: row?.verified ?? 0 },
    { step: 'Primeira participação', count: row?.firstEntry ?? 0 },
    { step: 'Segunda participação', count: row?.secondEntry ?? 0 },
  ];
}
