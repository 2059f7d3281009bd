import type { ComponentProps, ReactNode } from 'react';
import { formatBRL, formatInteger } from '@sorteio/shared';
import {
  type ChartSeries,
  FigureTable,
  SeriesChart,
  axisBRL,
  chartColors,
  dayLabel,
  longDay,
  shortDay,
  tooltipBRL,
} from '@/components/charts';
import type { AnalyticsDays } from '../api/analytics-query';
import { useRevenueSeries } from '../api/get-revenue-series';
import { useSignupSeries } from '../api/get-signup-series';
import { AnalyticsChartCard, periodText, sum } from './analytics-chart-card';

type CardProps<T> = ComponentProps<typeof AnalyticsChartCard<T>>;

/**
 * A chart of figures per Brasília day: empty when every series is zero on every day; the table has
 * the day, then one column a series, each value written by `format`.
 */
function DailyChartCard<K extends string, T extends { date: string } & Record<K, number>>({
  series,
  format,
  axis,
  ...card
}: Omit<CardProps<T[]>, 'isEmpty' | 'table' | 'chart'> & {
  /** `column` names the series in the table where its legend name is too long for a header. */
  series: (ChartSeries & { key: K; column?: string })[];
  format: (value: number) => string;
  axis: Pick<
    ComponentProps<typeof SeriesChart>,
    'yWidth' | 'yTickFormatter' | 'allowDecimals' | 'tooltipFormatter'
  >;
}) {
  return (
    <AnalyticsChartCard
      {...card}
      isEmpty={(rows) => rows.every((r) => series.every((s) => r[s.key] === 0))}
      table={(rows) => (
        <FigureTable
          caption={card.title}
          headers={['Dia', ...series.map((s) => s.column ?? s.name)]}
          rows={rows.map((r) => ({
            key: r.date,
            cells: [longDay(r.date), ...series.map((s) => format(r[s.key]))],
          }))}
        />
      )}
      chart={(rows) => (
        <SeriesChart
          data={rows}
          xKey="date"
          xTickFormatter={shortDay}
          minTickGap={16}
          labelFormatter={dayLabel}
          series={series}
          {...axis}
        />
      )}
    />
  );
}

type ChartProps = { days: AnalyticsDays; className?: string };

export function RevenueChart({ days, className }: ChartProps): ReactNode {
  return (
    <DailyChartCard
      id="analytics-revenue"
      className={className}
      title="Receita e taxas por dia"
      description="Entradas confirmadas nas salas e taxas da plataforma, por dia (horário de Brasília)."
      errorTitle="Erro ao carregar a receita"
      query={useRevenueSeries(days)}
      series={[
        { key: 'revenue', name: 'Receita', color: chartColors.primary, kind: 'area' },
        { key: 'fees', name: 'Taxas da plataforma', column: 'Taxas', color: chartColors.success },
      ]}
      format={formatBRL}
      axis={{ yWidth: 72, yTickFormatter: axisBRL, tooltipFormatter: tooltipBRL }}
      summary={(rows) => {
        const best = rows.reduce((a, b) => (b.revenue > a.revenue ? b : a));
        return (
          <>
            {periodText(days)}: receita de {formatBRL(sum(rows.map((r) => r.revenue)))} e{' '}
            {formatBRL(sum(rows.map((r) => r.fees)))} em taxas da plataforma.
            {best.revenue > 0 &&
              ` Melhor dia: ${longDay(best.date)}, com ${formatBRL(best.revenue)}.`}
          </>
        );
      }}
    />
  );
}

export function SignupChart({ days, className }: ChartProps): ReactNode {
  return (
    <DailyChartCard
      id="analytics-signups"
      className={className}
      title="Cadastros e verificações por dia"
      description="Novos jogadores por dia (horário de Brasília) e quantos deles já têm a identidade verificada."
      errorTitle="Erro ao carregar os cadastros"
      query={useSignupSeries(days)}
      series={[
        { key: 'signups', name: 'Cadastros', color: chartColors.primary },
        { key: 'verified', name: 'Verificados', color: chartColors.info },
      ]}
      format={formatInteger}
      axis={{ yWidth: 40, allowDecimals: false }}
      summary={(rows) => {
        const signups = sum(rows.map((r) => r.signups));
        const verified = sum(rows.map((r) => r.verified));
        return (
          `${periodText(days)}: ${formatInteger(signups)} ` +
          `${signups === 1 ? 'cadastro' : 'cadastros'} e ${formatInteger(verified)} ` +
          `${verified === 1 ? 'usuário verificado' : 'usuários verificados'}.`
        );
      }}
    />
  );
}
