import { formatInteger, formatPercent } from '@sorteio/shared';
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import {
  FigureTable,
  axisProps,
  barCursor,
  barRadius,
  chartColors,
  chartProps,
  gridProps,
  tooltipProps,
} from '@/components/charts';
import type { AnalyticsDays } from '../api/analytics-query';
import { useFunnel } from '../api/get-funnel';
import { AnalyticsChartCard, periodText } from './analytics-chart-card';

export function FunnelChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useFunnel(days);
  const title = 'Funil de conversão';
  const ofFirst = (rows: { count: number }[], count: number) => {
    const first = rows[0]?.count ?? 0;
    return first > 0 ? formatPercent(count / first) : formatPercent(0);
  };
  return (
    <AnalyticsChartCard
      id="analytics-funnel"
      className={className}
      title={title}
      description="Das pessoas que se cadastraram no período: e-mail confirmado, identidade verificada, primeira e segunda participação."
      errorTitle="Erro ao carregar o funil"
      query={query}
      isEmpty={(rows) => (rows[0]?.count ?? 0) === 0}
      summary={(rows) => {
        const first = rows[0];
        const last = rows.at(-1);
        if (!first || !last) return null;
        return (
          `${periodText(days)}: ${formatInteger(first.count)} ` +
          `${first.count === 1 ? 'cadastro' : 'cadastros'}; ${formatInteger(last.count)} ` +
          `(${ofFirst(rows, last.count)}) chegaram à etapa "${last.step}".`
        );
      }}
      table={(rows) => (
        <FigureTable
          caption={title}
          headers={['Etapa', 'Pessoas', '% dos cadastros']}
          rows={rows.map((r) => ({
            key: r.step,
            cells: [r.step, formatInteger(r.count), ofFirst(rows, r.count)],
          }))}
        />
      )}
      chart={(rows) => (
        <BarChart
          {...chartProps}
          layout="vertical"
          data={rows.map((r) => ({
            ...r,
            label: `${formatInteger(r.count)} · ${ofFirst(rows, r.count)}`,
          }))}
          margin={{ left: 8, right: 96 }}
        >
          <CartesianGrid {...gridProps('vertical')} />
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis {...axisProps} type="category" dataKey="step" width={150} />
          <Tooltip {...tooltipProps} cursor={barCursor} />
          <Bar
            dataKey="count"
            name="Pessoas"
            fill={chartColors.primary}
            radius={barRadius('vertical')}
          >
            <LabelList dataKey="label" position="right" fill="var(--foreground)" fontSize={12} />
          </Bar>
        </BarChart>
      )}
    />
  );
}
