import { formatInteger } from '@sorteio/shared';
import {
  FigureTable,
  SeriesChart,
  chartColors,
  dayLabel,
  longDay,
  shortDay,
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
        <SeriesChart
          data={rows}
          xKey="date"
          xTickFormatter={shortDay}
          minTickGap={16}
          yWidth={40}
          allowDecimals={false}
          labelFormatter={dayLabel}
          series={[
            { key: 'signups', name: 'Cadastros', color: chartColors.primary },
            { key: 'verified', name: 'Verificados', color: chartColors.info },
          ]}
        />
      )}
    />
  );
}
