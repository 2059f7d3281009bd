import { formatBRL, formatPercent, roomTypeLabel, type Stats } from '@sorteio/shared';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** "2025-03" -> "mar/25". */
export function monthLabel(mes: string): string {
  const [year, month] = mes.split('-');
  const name = MONTHS[Number(month) - 1];
  return name && year ? `${name}/${year.slice(-2)}` : mes;
}

const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--popover-foreground)',
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  cursor: { fill: 'var(--muted)' },
};
const chartStyle = { width: '100%', height: 260 };

/** Reais (not centavos) on the chart axis; the tooltip shows the exact amount. */
function reais(centavos: number): number {
  return centavos / 100;
}

function brlFromReais(value: unknown): string {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? formatBRL(Math.round(number * 100)) : '';
}

function ChartCard({
  id,
  title,
  description,
  children,
  table,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
  /** The same figures as a table, for screen readers. */
  table: ReactNode;
}) {
  return (
    <Card className="gap-4" role="region" aria-labelledby={id}>
      <CardHeader>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div aria-hidden="true">{children}</div>
        <div className="sr-only">{table}</div>
      </CardContent>
    </Card>
  );
}

export function MonthlyChart({ porMes }: { porMes: Stats['porMes'] }) {
  const data = porMes.map((m) => ({
    mes: monthLabel(m.mes),
    investido: reais(m.investido),
    ganho: reais(m.ganho),
  }));
  return (
    <ChartCard
      id="chart-monthly"
      title="Investido e ganho por mês"
      description="Entradas confirmadas e prêmios recebidos, em R$."
      table={
        <table>
          <caption>Investido e ganho por mês</caption>
          <thead>
            <tr>
              <th scope="col">Mês</th>
              <th scope="col">Investido</th>
              <th scope="col">Ganho</th>
            </tr>
          </thead>
          <tbody>
            {porMes.map((m) => (
              <tr key={m.mes}>
                <th scope="row">{monthLabel(m.mes)}</th>
                <td>{formatBRL(m.investido)}</td>
                <td>{formatBRL(m.ganho)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart
        responsive
        accessibilityLayer={false}
        style={chartStyle}
        data={data}
        margin={{ left: 8, right: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey="mes" tick={axisTick} tickLine={false} axisLine={false} />
        <YAxis
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={64}
          tickFormatter={(value: number) => `R$ ${value.toLocaleString('pt-BR')}`}
        />
        <Tooltip {...tooltipStyle} formatter={(value) => brlFromReais(value)} />
        <Legend />
        <Bar dataKey="investido" name="Investido" fill="var(--warning)" radius={[4, 4, 0, 0]} />
        <Bar dataKey="ganho" name="Ganho" fill="var(--success)" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function RoomTypeChart({ porTipo }: { porTipo: Stats['porTipo'] }) {
  const data = porTipo.map((t) => ({
    tipo: roomTypeLabel(t.tipoSala),
    participacoes: t.participacoes,
    vitorias: t.vitorias,
  }));
  return (
    <ChartCard
      id="chart-types"
      title="Participações por tipo de sala"
      description="Quantas vezes você entrou em cada tipo de sala, e quantas ganhou."
      table={
        <table>
          <caption>Participações por tipo de sala</caption>
          <thead>
            <tr>
              <th scope="col">Tipo</th>
              <th scope="col">Participações</th>
              <th scope="col">Vitórias</th>
            </tr>
          </thead>
          <tbody>
            {porTipo.map((t) => (
              <tr key={t.tipoSala}>
                <th scope="row">{roomTypeLabel(t.tipoSala)}</th>
                <td>{t.participacoes}</td>
                <td>{t.vitorias}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart
        responsive
        accessibilityLayer={false}
        style={chartStyle}
        data={data}
        margin={{ left: 8, right: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey="tipo" tick={axisTick} tickLine={false} axisLine={false} />
        <YAxis tick={axisTick} tickLine={false} axisLine={false} allowDecimals={false} width={32} />
        <Tooltip {...tooltipStyle} />
        <Legend />
        <Bar
          dataKey="participacoes"
          name="Participações"
          fill="var(--primary)"
          radius={[4, 4, 0, 0]}
        />
        <Bar dataKey="vitorias" name="Vitórias" fill="var(--info)" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function WinRateChart({ stats }: { stats: Stats }) {
  const losses = Math.max(0, stats.totalParticipacoes - stats.vitorias);
  const data = [
    { name: 'Vitórias', value: stats.vitorias, color: 'var(--success)' },
    { name: 'Sem prêmio', value: losses, color: 'var(--muted-foreground)' },
  ];
  return (
    <ChartCard
      id="chart-win-rate"
      title="Taxa de vitória"
      description={`${formatPercent(stats.taxaVitoria)} das suas participações confirmadas foram premiadas.`}
      table={
        <p>
          {stats.vitorias} vitórias em {stats.totalParticipacoes} participações:{' '}
          {formatPercent(stats.taxaVitoria)}.
        </p>
      }
    >
      <div className="relative">
        <PieChart responsive accessibilityLayer={false} style={chartStyle}>
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
          <Tooltip {...tooltipStyle} />
          <Legend />
        </PieChart>
        <span className="pointer-events-none absolute inset-x-0 top-[42%] text-center text-2xl font-bold tabular-nums">
          {formatPercent(stats.taxaVitoria)}
        </span>
      </div>
    </ChartCard>
  );
}
