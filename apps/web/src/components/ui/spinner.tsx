import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface SpinnerProps extends React.ComponentProps<'span'> {
  /** Announced to screen readers; visible too when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({
  className,
  label = 'Carregando...',
  showLabel = false,
  ...props
}: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}
      {...props}
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}
