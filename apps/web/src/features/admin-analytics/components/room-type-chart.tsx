import { formatBRL, formatInteger, roomTypeLabel } from '@sorteio/shared';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  FigureTable,
  axisProps,
  barCursor,
  barRadius,
  chartColors,
  chartProps,
  gridProps,
  tooltipBRL,
  tooltipProps,
} from '@/components/charts';
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
        <BarChart
          {...chartProps}
          data={rows.map((r) => ({ ...r, tipo: roomTypeLabel(r.tipoSala) }))}
        >
          <CartesianGrid {...gridProps()} />
          <XAxis {...axisProps} dataKey="tipo" />
          <YAxis {...axisProps} allowDecimals={false} width={40} />
          <Tooltip
            {...tooltipProps}
            cursor={barCursor}
            formatter={(value, _name, item) => {
              const amount = (item.payload as { amount?: number } | undefined)?.amount;
              return amount === undefined ? value : `${String(value)} (${tooltipBRL(amount)})`;
            }}
          />
          <Bar
            dataKey="participations"
            name="Participações"
            fill={chartColors.primary}
            radius={barRadius()}
          />
        </BarChart>
      )}
    />
  );
}
