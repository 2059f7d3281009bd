import { formatBRL } from '@sorteio/shared';
import type { ReactNode } from 'react';

/**
 * Axis and tooltip formatters of the charts. Days arrive as "yyyy-mm-dd" already grouped by the
 * Brasília day on the server, so they are cut as text (a Date would move them to the browser's
 * zone); amounts arrive in centavos.
 */

/** "2026-11-23" -> "23/11" (axis ticks). */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-');
  return month && day ? `${day}/${month}` : date;
}

/** "2026-11-23" -> "23/11/2026" (tooltips and the text alternatives). */
export function longDay(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** Tooltip title of a day series: its x value is the "yyyy-mm-dd" date. */
export function dayLabel(label: ReactNode): ReactNode {
  return typeof label === 'string' ? longDay(label) : label;
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** "2025-03" -> "mar/25". */
export function monthLabel(mes: string): string {
  const [year, month] = mes.split('-');
  const name = MONTHS[Number(month) - 1];
  return name && year ? `${name}/${year.slice(-2)}` : mes;
}

const compactBRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Axis ticks from centavos: "R$ 1,2 mil". The tooltip and the summary show exact amounts. */
export function axisBRL(centavos: number): string {
  return compactBRL.format(centavos / 100);
}

/** A tooltip value in centavos as "R$ 1.234,56". */
export function tooltipBRL(value: unknown): string {
  return typeof value === 'number' && Number.isSafeInteger(value) ? formatBRL(value) : '';
}

/** Centavos -> reais, for a series drawn in reais. */
export function reais(centavos: number): number {
  return centavos / 100;
}

/** Axis ticks of a series in reais: "R$ 1.234". */
export function axisReais(value: number): string {
  return `R$ ${value.toLocaleString('pt-BR')}`;
}

/** A tooltip value of a series in reais as "R$ 1.234,56". */
export function tooltipReais(value: unknown): string {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? formatBRL(Math.round(number * 100)) : '';
}
