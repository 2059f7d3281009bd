import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface StatusScreenProps {
  icon?: LucideIcon;
  /** Shown above the title in large type ("404"). */
  code?: string;
  /** Small label above the title ("Em construção"). */
  eyebrow?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Buttons. */
  actions?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'destructive' | 'warning';
  className?: string;
}

const toneClasses = {
  default: 'bg-secondary text-secondary-foreground',
  destructive: 'bg-destructive/10 text-destructive',
  warning: 'bg-warning/10 text-warning',
} as const;

/** The shared look of the full-screen states: not found, error, access denied, construction. */
export function StatusScreen({
  icon: Icon,
  code,
  eyebrow,
  title,
  description,
  actions,
  footer,
  tone = 'default',
  className,
}: StatusScreenProps) {
  return (
    <div
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24',
        className,
      )}
    >
      {Icon && (
        <div
          className={cn(
            'mb-6 flex size-16 items-center justify-center rounded-2xl',
            toneClasses[tone],
          )}
        >
          <Icon aria-hidden="true" className="size-8" />
        </div>
      )}
      {code && (
        <p className="text-7xl font-extrabold tracking-tight text-primary sm:text-8xl">{code}</p>
      )}
      {eyebrow && <div className="mb-3">{eyebrow}</div>}
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      {description && (
        <div className="mt-3 text-base text-pretty text-muted-foreground">{description}</div>
      )}
      {actions && (
        <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          {actions}
        </div>
      )}
      {footer && <div className="mt-8 text-sm text-muted-foreground">{footer}</div>}
    </div>
  );
}
