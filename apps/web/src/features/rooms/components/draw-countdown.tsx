import { formatDateTime } from '@sorteio/shared/format';
import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';

function remaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days} ${days === 1 ? 'dia' : 'dias'} e ${clock}` : clock;
}

/** Time left until the room's draw date, ticking each second; the date itself stays readable. */
export function DrawCountdown({ date }: { date: string }) {
  const target = new Date(date).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = target - now;
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="flex flex-col">
        <span className="text-muted-foreground">Sorteio em {formatDateTime(date)}</span>
        {left > 0 ? (
          // Not live: a screen reader would hear every second.
          <span className="font-semibold tabular-nums">Faltam {remaining(left)}</span>
        ) : (
          <span className="font-semibold">Sorteio a qualquer momento</span>
        )}
      </div>
    </div>
  );
}
