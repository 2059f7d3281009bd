import { brasiliaMonthOf } from '@sorteio/shared';
import { capitalize } from '@sorteio/shared/wording';

/** The current month (AAAA-MM) in Brasília time, the rankings' calendar. */
export function currentMonth(now: Date = new Date()): string {
  return brasiliaMonthOf(now);
}

/** '2026-11' moved by `delta` months: ('2026-01', -1) -> '2025-12'. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

const monthName = new Intl.DateTimeFormat('pt-BR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11' -> 'Novembro de 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return capitalize(monthName.format(new Date(Date.UTC(y, m - 1, 15))));
}
