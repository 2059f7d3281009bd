import { formatInteger } from '@sorteio/shared';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  FigureTable,
  axisProps,
  chartColors,
  chartProps,
  dayLabel,
  gridProps,
  lineProps,
  longDay,
  shortDay,
  tooltipProps,
} from '@/components/charts';
import type { AnalyticsDays } from '../api/analytics-query';
import { useSignupSeries } from '../api/get-signup-series';
import { AnalyticsChartCard, periodText, sum } from './analytics-chart-card';

export function SignupChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useSignupSeries(days);
  const title = 'Cadastros e verificações por dia';
  return (
    <AnalyticsChartCard
      id="analytics-signups"
      className={className}
      title={title}
      description="Novos jogadores por dia (horário de Brasília) e quantos deles já têm a identidade verificada."
      errorTitle="Erro ao carregar os cadastros"
      query={query}
      isEmpty={(rows) => rows.every((r) => r.signups === 0 && r.verified === 0)}
      summary={(rows) => {
        const signups = sum(rows.map((r) => r.signups));
        const verified = sum(rows.map((r) => r.verified));
        return (
          `${periodText(days)}: ${formatInteger(signups)} ` +
          `${signups === 1 ? 'cadastro' : 'cadastros'} e ${formatInteger(verified)} ` +
          `${verified === 1 ? 'usuário verificado' : 'usuários verificados'}.`
        );
      }}
      table={(rows) => (
        <FigureTable
          caption={title}
          headers={['Dia', 'Cadastros', 'Verificados']}
          rows={rows.map((r) => ({
            key: r.date,
            cells: [longDay(r.date), formatInteger(r.signups), formatInteger(r.verified)],
          }))}
        />
      )}
      chart={(rows) => (
        <LineChart {...chartProps} data={rows}>
          <CartesianGrid {...gridProps()} />
          <XAxis {...axisProps} dataKey="date" tickFormatter={shortDay} minTickGap={16} />
          <YAxis {...axisProps} allowDecimals={false} width={40} />
          <Tooltip {...tooltipProps} labelFormatter={dayLabel} />
          <Legend />
          <Line {...lineProps} dataKey="signups" name="Cadastros" stroke={chartColors.primary} />
          <Line {...lineProps} dataKey="verified" name="Verificados" stroke={chartColors.info} />
        </LineChart>
      )}
    />
  );
}
