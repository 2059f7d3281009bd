import { CircleCheck, Clock, LoaderCircle, TimerOff } from 'lucide-react';
import { cn } from '@/lib/utils';

export type PixPageState = 'pending' | 'checking' | 'confirmed' | 'expired';

/** The status indicator texts of spec 000 section 2 (PIX payment page). */
export const pixStatusTexts: Record<PixPageState, string> = {
  pending: 'Aguardando geração do PIX',
  checking: 'Aguardando pagamento...',
  confirmed: 'Pagamento confirmado!',
  expired: 'O prazo deste PIX terminou.',
};

const looks = {
  pending: { icon: Clock, className: 'border-border bg-muted text-muted-foreground' },
  checking: { icon: LoaderCircle, className: 'border-info/40 bg-info/10 text-info' },
  confirmed: { icon: CircleCheck, className: 'border-success/40 bg-success/10 text-success' },
  expired: { icon: TimerOff, className: 'border-warning/40 bg-warning/10 text-warning' },
} as const;

/** A live region: screen readers hear the state change without moving focus. */
export function PixStatusIndicator({ state }: { state: PixPageState }) {
  const { icon: Icon, className } = looks[state];
  return (
    <div
      role="status"
      aria-live="polite"
      data-state={state}
      className={cn(
        'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('size-4 shrink-0', state === 'checking' && 'animate-spin')}
      />
      <span>{pixStatusTexts[state]}</span>
    </div>
  );
}
