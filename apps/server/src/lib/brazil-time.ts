/**
 * Days as players in Brazil live them. Brasília time is UTC−3 all year (daylight saving time was
 * abolished in 2019), so a fixed offset is exact and needs no time-zone database (the embedded
 * PostgreSQL has none to rely on).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export const BRT_OFFSET_HOURS = 3;
const OFFSET_MS = BRT_OFFSET_HOURS * 60 * 60 * 1000;

/** The zone Intl formats Brasília time with (the same as the fixed offset since 2019). */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

/** An instant moved by the offset: its UTC fields read as the Brasília wall clock. */
export function brazilWallClock(at: Date): Date {
  return new Date(at.getTime() - OFFSET_MS);
}

/** The instant today (in Brasília) began, or `days` days before it. */
export function brazilDayStart(now = new Date(), daysBack = 0): Date {
  const local = brazilWallClock(now);
  local.setUTCHours(0, 0, 0, 0);
  local.setUTCDate(local.getUTCDate() - daysBack);
  return new Date(local.getTime() + OFFSET_MS);
}

/** The Brasília calendar day of an instant, as YYYY-MM-DD. */
export function brazilDate(at: Date): string {
  return brazilWallClock(at).toISOString().slice(0, 10);
}

/** 00:00 in Brasília of a calendar day (YYYY-MM-DD). */
export function brazilDayStartOf(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** An instant as text in pt-BR and Brasília time: date and time, or the fields `options` pick. */
export function brazilDateTimeText(at: Date, options: Intl.DateTimeFormatOptions = {}): string {
  return at.toLocaleString('pt-BR', { timeZone: BRAZIL_TIME_ZONE, ...options });
}

/** The Brasília calendar day of an instant as text in pt-BR (dd/mm/aaaa). */
export function brazilDateText(at: Date): string {
  return at.toLocaleDateString('pt-BR', { timeZone: BRAZIL_TIME_ZONE });
}

/** The Brasília time of an instant as text in pt-BR, with the fields `options` pick. */
export function brazilTimeText(at: Date, options: Intl.DateTimeFormatOptions = {}): string {
  return at.toLocaleTimeString('pt-BR', { timeZone: BRAZIL_TIME_ZONE, ...options });
}

/** SQL: the Brasília calendar day (YYYY-MM-DD) of a timestamptz column. */
export function brazilDaySql(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char((${column} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;
}

/** SQL: the Brasília month (YYYY-MM) of a timestamptz column. */
export function brazilMonthSql(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char((${column} at time zone 'UTC') - interval '3 hours', 'YYYY-MM')`;
}

/** Every day from `start` (inclusive) for `days` days, as YYYY-MM-DD (fills gaps in charts). */
export function brazilDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => brazilDate(brazilDayStart(now, days - 1 - i)));
}
