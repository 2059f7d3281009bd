import { formatBRL } from '@sorteio/shared';
import {
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
import { AnalyticsChartCard, periodText, sum } from './analytics-chart-card';

export function RevenueChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useRevenueSeries(days);
  const title = 'Receita e taxas por dia';
  return (
    <AnalyticsChartCard
      id="analytics-revenue"
      className={className}
      title={title}
      description="Entradas confirmadas nas salas e taxas da plataforma, por dia (horário de Brasília)."
      errorTitle="Erro ao carregar a receita"
      query={query}
      isEmpty={(rows) => rows.every((r) => r.revenue === 0 && r.fees === 0)}
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
      table={(rows) => (
        <FigureTable
          caption={title}
          headers={['Dia', 'Receita', 'Taxas']}
          rows={rows.map((r) => ({
            key: r.date,
            cells: [longDay(r.date), formatBRL(r.revenue), formatBRL(r.fees)],
          }))}
        />
      )}
      chart={(rows) => (
        <SeriesChart
          data={rows}
          xKey="date"
          xTickFormatter={shortDay}
          minTickGap={16}
          yWidth={72}
          yTickFormatter={axisBRL}
          labelFormatter={dayLabel}
          tooltipFormatter={tooltipBRL}
          series={[
            { key: 'revenue', name: 'Receita', color: chartColors.primary, kind: 'area' },
            { key: 'fees', name: 'Taxas da plataforma', color: chartColors.success },
          ]}
        />
      )}
    />
  );
}
