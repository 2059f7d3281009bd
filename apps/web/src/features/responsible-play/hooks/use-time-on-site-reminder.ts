import { useEffect } from 'react';
import { responsiblePlayMessages } from '@sorteio/shared/responsible-play';
import { notify } from '@/lib/notifications/notify';
import { useResponsiblePlay } from '../api/responsible-play';

const START_KEY = 'sorteio.siteStartedAt';
const SHOWN_KEY = 'sorteio.remindersShown';

/** When this visit began (kept for the tab's life, so a reload does not reset the clock). */
function visitStart(now: number): number {
  const stored = Number(sessionStorage.getItem(START_KEY));
  if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
  sessionStorage.setItem(START_KEY, String(now));
  return now;
}

/**
 * Time-on-site reminder: every `reminderMinutes` of the visit a toast says how long the player
 * has been here; it stays until dismissed. Players only (staff are not players).
 */
export function useTimeOnSiteReminder(enabled: boolean, checkEveryMs = 30_000) {
  const { data } = useResponsiblePlay({ enabled });
  const minutes = enabled ? (data?.reminderMinutes ?? 0) : 0;
  useEffect(() => {
    if (minutes <= 0) return;
    const start = visitStart(Date.now());
    const check = () => {
      const elapsed = Math.floor((Date.now() - start) / 60_000);
      const due = Math.floor(elapsed / minutes);
      const shown = Number(sessionStorage.getItem(SHOWN_KEY) ?? 0);
      if (due > shown) {
        sessionStorage.setItem(SHOWN_KEY, String(due));
        notify({
          type: 'info',
          title: 'Lembrete de tempo',
          message: responsiblePlayMessages.reminder(due * minutes),
          duration: 0,
        });
      }
    };
    check();
    const timer = setInterval(check, checkEveryMs);
    return () => clearInterval(timer);
  }, [minutes, checkEveryMs]);
}
