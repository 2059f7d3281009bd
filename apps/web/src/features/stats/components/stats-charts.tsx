import { formatBRL, formatPercent, roomTypeLabel, type Stats } from '@sorteio/shared';
import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import {
  ChartCard,
  ChartFigure,
  FigureTable,
  SeriesChart,
  axisReais,
  barCursor,
  chartColors,
  chartProps,
  monthLabel,
  reais,
  tooltipProps,
  tooltipReais,
} from '@/components/charts';
import { countOf } from '@/lib/plural';

export function MonthlyChart({ porMes }: { porMes: Stats['porMes'] }) {
  const data = porMes.map((m) => ({
    mes: monthLabel(m.mes),
    investido: reais(m.investido),
    ganho: reais(m.ganho),
  }));
  const title = 'Investido e ganho por mês';
  return (
    <ChartCard
      id="chart-monthly"
      title={title}
      description="Entradas confirmadas e prêmios recebidos, em R$."
    >
      <ChartFigure
        alternative={
          <FigureTable
            caption={title}
            headers={['Mês', 'Investido', 'Ganho']}
            rows={porMes.map((m) => ({
              key: m.mes,
              cells: [monthLabel(m.mes), formatBRL(m.investido), formatBRL(m.ganho)],
            }))}
          />
        }
        chart={
          <SeriesChart
            data={data}
            xKey="mes"
            yWidth={64}
            yTickFormatter={axisReais}
            tooltipFormatter={tooltipReais}
            series={[
              { key: 'investido', name: 'Investido', color: chartColors.warning, kind: 'bar' },
              { key: 'ganho', name: 'Ganho', color: chartColors.success, kind: 'bar' },
            ]}
          />
        }
      />
    </ChartCard>
  );
}

export function RoomTypeChart({ porTipo }: { porTipo: Stats['porTipo'] }) {
  const data = porTipo.map((t) => ({
    tipo: roomTypeLabel(t.tipoSala),
    participacoes: t.participacoes,
    vitorias: t.vitorias,
  }));
  const title = 'Participações por tipo de sala';
  return (
    <ChartCard
      id="chart-types"
      title={title}
      description="Quantas vezes você entrou em cada tipo de sala, e quantas ganhou."
    >
      <ChartFigure
        alternative={
          <FigureTable
            caption={title}
            headers={['Tipo', 'Participações', 'Vitórias']}
            rows={porTipo.map((t) => ({
              key: t.tipoSala,
              cells: [roomTypeLabel(t.tipoSala), t.participacoes, t.vitorias],
            }))}
          />
        }
        chart={
          <SeriesChart
            data={data}
            xKey="tipo"
            yWidth={32}
            allowDecimals={false}
            series={[
              {
                key: 'participacoes',
                name: 'Participações',
                color: chartColors.primary,
                kind: 'bar',
              },
              { key: 'vitorias', name: 'Vitórias', color: chartColors.info, kind: 'bar' },
            ]}
          />
        }
      />
    </ChartCard>
  );
}

export function WinRateChart({ stats }: { stats: Stats }) {
  const losses = Math.max(0, stats.totalParticipacoes - stats.vitorias);
  const data = [
    { name: 'Vitórias', value: stats.vitorias, color: chartColors.success },
    { name: 'Sem prêmio', value: losses, color: chartColors.muted },
  ];
  return (
    <ChartCard
      id="chart-win-rate"
      title="Taxa de vitória"
      description={`${formatPercent(stats.taxaVitoria)} das suas participações confirmadas foram premiadas.`}
    >
      <ChartFigure
        alternative={
          <p>
            {countOf(stats.vitorias, 'vitória', 'vitórias')} em{' '}
            {countOf(stats.totalParticipacoes, 'participação', 'participações')}:{' '}
            {formatPercent(stats.taxaVitoria)}.
          </p>
        }
        chart={
          <div className="relative">
            <PieChart
              responsive={chartProps.responsive}
              accessibilityLayer={chartProps.accessibilityLayer}
              style={chartProps.style}
            >
              {/* rootTabIndex: the pie's own group is focusable by default, inside an aria-hidden wrapper. */}
              <Pie
                rootTabIndex={-1}
                data={data}
                dataKey="value"
                nameKey="name"
                innerRadius="60%"
                outerRadius="85%"
                paddingAngle={2}
                stroke="none"
              >
                {data.map((slice) => (
                  <Cell key={slice.name} fill={slice.color} />
                ))}
              </Pie>
              <Tooltip {...tooltipProps} cursor={barCursor} />
              <Legend />
            </PieChart>
            <span className="pointer-events-none absolute inset-x-0 top-[42%] text-center text-2xl font-bold tabular-nums">
              {formatPercent(stats.taxaVitoria)}
            </span>
          </div>
        }
      />
    </ChartCard>
  );
}
