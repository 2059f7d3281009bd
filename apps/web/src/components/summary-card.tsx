import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** One figure of a summary row: its label and icon, the value (a placeholder while it loads). */
export function SummaryCard({
  icon: Icon,
  label,
  value,
  valueClassName,
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  valueClassName?: string;
}) {
  return (
    <Card className="gap-2 px-4 py-4">
      <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </span>
      {value === undefined ? (
        <Skeleton className="h-7 w-20" />
      ) : (
        <span className={cn('text-xl font-bold tabular-nums sm:text-2xl', valueClassName)}>
          {value}
        </span>
      )}
    </Card>
  );
}
