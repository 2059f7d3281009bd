import { useCallback, useEffect, useState } from 'react';

/** The resend cooldown of spec 000 section 9. */
export const RESEND_COOLDOWN_S = 60;

/** Seconds left of a cooldown that ticks once a second; `start()` begins a new one. */
export function useCountdown(initialSeconds = 0) {
  const [seconds, setSeconds] = useState(initialSeconds);
  const running = seconds > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setSeconds((s) => (s > 0 ? s - 1 : 0));
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [running]);

  const start = useCallback((from: number = RESEND_COOLDOWN_S) => {
    setSeconds(from);
  }, []);

  return { seconds, running, start };
}
