/**
 * Campaign dates in Brasília time (fixed UTC-3), the period and progress of a campaign, quiet
 * hours.
 */
import {
  type CampaignChannelSettings,
  type CampaignStatus,
  campaignConversionWindowDays,
} from '@sorteio/shared';

/** Days after the send in which a paid entry counts as the campaign's conversion. */
export const CONVERSION_WINDOW_DAYS = campaignConversionWindowDays;
export const DEFAULT_SUBJECT = 'Sentimos sua falta no Sorteio Certo!';
export const DAY_MS = 86_400_000;
/** Brasília is UTC-3 all year (no daylight saving since 2019). */
const BRT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** PGlite answers { rows }, node-postgres through Drizzle the same; be tolerant of both shapes. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
}

/** 00:00 Brasília of a calendar day (YYYY-MM-DD). */
export function brasiliaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** The Brasília calendar day (YYYY-MM-DD) of a moment. */
export function brasiliaDay(at: Date): string {
  return new Date(at.getTime() - BRT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The stored period of a campaign: [start of the first day, start of the day after the last). */
export function campaignPeriod(startDate: string, endDate: string) {
  return {
    startsAt: brasiliaDayStart(startDate),
    endsAt: new Date(brasiliaDayStart(endDate).getTime() + DAY_MS),
  };
}

/** Elapsed fraction of the period, percent, rounded down and clamped to 0..100. */
export function campaignProgress(startsAt: Date, endsAt: Date, now: Date): number {
  const span = endsAt.getTime() - startsAt.getTime();
  if (span <= 0) return now >= endsAt ? 100 : 0;
  const ratio = (now.getTime() - startsAt.getTime()) / span;
  return Math.min(100, Math.max(0, Math.floor(ratio * 100)));
}

/** Stored active/paused, or completed once the end date has passed (computed on read). */
export function effectiveStatus(stored: string, endsAt: Date, now: Date): CampaignStatus {
  if (now >= endsAt) return 'completed';
  return stored === 'paused' ? 'paused' : 'active';
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * When `now` falls in the quiet hours (Brasília time; the window may cross midnight), the moment
 * they end; otherwise null. Equal start and end mean no quiet hours.
 */
export function quietHoursEnd(
  settings: Pick<CampaignChannelSettings, 'quiet_hours_start' | 'quiet_hours_end'>,
  now: Date,
): Date | null {
  const start = minutesOf(settings.quiet_hours_start);
  const end = minutesOf(settings.quiet_hours_end);
  if (start === end) return null;
  const local = new Date(now.getTime() - BRT_OFFSET_MS);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quiet) return null;
  const todayEnd = new Date(brasiliaDayStart(brasiliaDay(now)).getTime() + end * 60_000);
  return todayEnd > now ? todayEnd : new Date(todayEnd.getTime() + DAY_MS);
}
