/** pt-BR formatting used by both sides. Dates are shown in Brasília time. */

export const TIME_ZONE = 'America/Sao_Paulo';

/**
 * An Intl formatter built on its first use rather than when the module loads: the first date
 * formatter of a page costs 20-30 ms (the locale's calendar data), and the light landing page
 * loads this module to format integers only.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** A pt-BR date formatter in Brasília time, built on its first use. */
const brasilia = (options: Intl.DateTimeFormatOptions) =>
  onFirstUse(() => new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, ...options }));

const dateTime = brasilia({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateOnly = brasilia({ day: '2-digit', month: '2-digit', year: 'numeric' });
const timeOnly = brasilia({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

function isValid(d: Date): boolean {
  return !Number.isNaN(d.getTime());
}

/** "dd/MM/yyyy HH:mm" (the security log format of spec 000 section 9). */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  if (!isValid(d)) return '';
  const parts = Object.fromEntries(
    dateTime()
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** "dd/MM/yyyy". */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  return isValid(d) ? dateOnly().format(d) : '';
}

/** "HH:mm" (chat messages). */
export function formatTime(value: Date | string | number): string {
  const d = toDate(value);
  return isValid(d) ? timeOnly().format(d) : '';
}

/**
 * Relative time of the dashboard's recent draws (spec 000 section 2): 'Agora mesmo' under one
 * minute, then minutes, hours, days.
 */
export function formatRelative(value: Date | string | number, now: Date = new Date()): string {
  const d = toDate(value);
  if (!isValid(d)) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  if (seconds < 60) return 'Agora mesmo';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'há 1 minuto' : `há ${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'há 1 hora' : `há ${hours} horas`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'há 1 dia' : `há ${days} dias`;
}

const percent1 = onFirstUse(
  () => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** 0.4567 -> "45,7%" (win rate, 1 decimal). */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '0,0%';
  return `${percent1().format(ratio * 100)}%`;
}

const integer = onFirstUse(() => new Intl.NumberFormat('pt-BR'));

/** 12345 -> "12.345". */
export function formatInteger(value: number): string {
  return integer().format(value);
}

/** The part of an e-mail before the @ (dashboard welcome line, user menu). */
export function emailName(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

/** A room type as players read it: "ouro" -> "Ouro", "vip_ultra" -> "VIP Ultra". */
export function roomTypeLabel(tipo: string): string {
  return tipo
    .split('_')
    .map((w) => (w === 'vip' ? 'VIP' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}
