import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One term of a description list: a small label over its value. */
export function Fact({
  label,
  children,
  className,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  /** A bolder value, for the figures a result is about. */
  strong?: boolean;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-sm tabular-nums', strong ? 'font-semibold' : 'font-medium')}>
        {children}
      </dd>
    </div>
  );
}
