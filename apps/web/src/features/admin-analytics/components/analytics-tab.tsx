import { analyticsPeriods } from '@sorteio/shared';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { type AnalyticsDays, DEFAULT_ANALYTICS_DAYS } from '../api/analytics-query';
import { FunnelChart } from './funnel-chart';
import { RevenueChart, SignupChart } from './daily-charts';
import { RoomTypeChart } from './room-type-chart';

/** 'Período': a segmented control of native radios (arrow keys move between them). */
function PeriodPicker({
  value,
  onChange,
}: {
  value: AnalyticsDays;
  onChange: (days: AnalyticsDays) => void;
}) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Período</legend>
      <span aria-hidden="true" className="text-sm text-muted-foreground">
        Período
      </span>
      <div className="inline-flex rounded-lg border bg-muted p-1">
        {analyticsPeriods.map((days) => (
          <label
            key={days}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
              value === days
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name="analytics-period"
              value={days}
              checked={value === days}
              onChange={() => onChange(days)}
              className="sr-only"
            />
            {days} dias
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** /admin?tab=analytics: revenue, sign-ups, room types and the funnel over 7, 30 or 90 days. */
export function AnalyticsTab() {
  const [days, setDays] = useState<AnalyticsDays>(DEFAULT_ANALYTICS_DAYS);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Analytics</h2>
          <p className="text-sm text-muted-foreground">
            Receita, cadastros e participações por dia, no horário de Brasília.
          </p>
        </div>
        <PeriodPicker value={days} onChange={setDays} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RevenueChart days={days} className="lg:col-span-2" />
        <SignupChart days={days} />
        <RoomTypeChart days={days} />
        <FunnelChart days={days} className="lg:col-span-2" />
      </div>
    </div>
  );
}
