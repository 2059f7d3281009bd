/**
 * CSV files that open correctly in Excel set to Brazilian Portuguese: UTF-8 with a byte order mark,
 * ';' between fields, decimal comma, dates as dd/mm/aaaa hh:mm (Brasília). Text that a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) is neutralized with a
 * leading apostrophe (OWASP "CSV injection"); numbers we format ourselves are left as numbers.
 */
import type * as CsvStringify from 'csv-stringify/sync';
import { lazyModule } from './lazy-module';
import { brazilWallClock } from './brazil-time';

/** Loaded with the first export, not when the server starts. */
const loadCsvStringify = lazyModule<typeof CsvStringify>('csv-stringify/sync');

const BOM = '\uFEFF';

/** A cell of text that came from a person (names, e-mails, descriptions). */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Centavos as reais with a decimal comma and no thousands separator: 123456 -> "1234,56". */
export function moneyCell(centavos: number): string {
  const negative = centavos < 0;
  const abs = Math.abs(centavos);
  return `${negative ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export function numberCell(value: number, decimals = 0): string {
  return value.toFixed(decimals).replace('.', ',');
}

/** dd/mm/aaaa hh:mm in Brasília time (UTC−3). */
export function dateTimeCell(at: Date): string {
  const local = brazilWallClock(at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(local.getUTCDate())}/${p(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${p(local.getUTCHours())}:${p(local.getUTCMinutes())}`;
}

/** YYYY-MM -> mm/aaaa; YYYY-MM-DD -> dd/mm/aaaa. */
export function calendarCell(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return d ? `${d}/${m}/${y}` : `${m}/${y}`;
}

export function toCsv(header: string[], rows: string[][]): string {
  return (
    BOM +
    loadCsvStringify().stringify([header.map(textCell), ...rows], {
      delimiter: ';',
      record_delimiter: '\r\n',
    })
  );
}
