import type { ReactNode } from 'react';

/** One term of the room's <dl>; the icon goes inside <dt> (a <dl>'s <div> may hold only dt/dd). */
export function Fact({ label, value, icon }: { label: string; value: string; icon?: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
