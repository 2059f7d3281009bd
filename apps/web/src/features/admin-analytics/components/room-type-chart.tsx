import { formatBRL, formatInteger, roomTypeLabel } from '@sorteio/shared';
import { FigureTable, SeriesChart, chartColors, tooltipBRL } from '@/components/charts';
import type { AnalyticsDays } from '../api/analytics-query';
import { useRoomTypeSeries } from '../api/get-room-type-series';
import { AnalyticsChartCard, periodText, sum } from './analytics-chart-card';

export function RoomTypeChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useRoomTypeSeries(days);
  const title = 'Participações por tipo de sala';
  return (
    <AnalyticsChartCard
      id="analytics-room-types"
      className={className}
      title={title}
      description="Participações confirmadas em cada tipo de sala, com o valor arrecadado."
      errorTitle="Erro ao carregar as participações"
      query={query}
      isEmpty={(rows) => rows.every((r) => r.participations === 0)}
      summary={(rows) => {
        const top = rows.reduce((a, b) => (b.participations > a.participations ? b : a));
        const total = sum(rows.map((r) => r.participations));
        return (
          `${periodText(days)}: ${formatInteger(total)} ` +
          `${total === 1 ? 'participação confirmada' : 'participações confirmadas'}, ` +
          `${formatBRL(sum(rows.map((r) => r.amount)))} no total. ` +
          `Mais procurada: ${roomTypeLabel(top.tipoSala)} (${formatInteger(top.participations)}).`
        );
      }}
      table={(rows) => (
        <FigureTable
          caption={title}
          headers={['Tipo de sala', 'Participações', 'Valor']}
          rows={rows.map((r) => ({
            key: r.tipoSala,
            cells: [
              roomTypeLabel(r.tipoSala),
              formatInteger(r.participations),
              formatBRL(r.amount),
            ],
          }))}
        />
      )}
      chart={(rows) => (
        <SeriesChart
          data={rows.map((r) => ({ ...r, tipo: roomTypeLabel(r.tipoSala) }))}
          xKey="tipo"
          yWidth={40}
          allowDecimals={false}
          legend={false}
          tooltipFormatter={(value, _name, item) => {
            const amount = (item.payload as { amount?: number } | undefined)?.amount;
            return amount === undefined ? value : `${String(value)} (${tooltipBRL(amount)})`;
          }}
          series={[
            {
              key: 'participations',
              name: 'Participações',
              color: chartColors.primary,
              kind: 'bar',
            },
          ]}
        />
      )}
    />
  );
}
