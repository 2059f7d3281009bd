import { formatBRL, formatInteger, formatPercent, roomTypeLabel } from '@sorteio/shared';
import type { ReactNode } from 'react';
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import {
  type AnalyticsDays,
  useFunnel,
  useRevenueSeries,
  useRoomTypeSeries,
  useSignupSeries,
} from '../api/admin-analytics-api';

// ---------------------------------------------------------------- formatting

/** "2026-11-23" -> "23/11" (axis ticks). The server already grouped by the Brasília day. */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-');
  return month && day ? `${day}/${month}` : date;
}

/** "2026-11-23" -> "23/11/2026" (tooltips and the text alternatives). */
export function longDay(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

const compactBRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Axis ticks from centavos: "R$ 1,2 mil". The tooltip and the summary show exact amounts. */
function axisBRL(centavos: number): string {
  return compactBRL.format(centavos / 100);
}

/** A tooltip value in centavos as "R$ 1.234,56". */
function tooltipBRL(value: unknown): string {
  return typeof value === 'number' && Number.isSafeInteger(value) ? formatBRL(value) : '';
}

/** Tooltip title of a day series: its x value is the "yyyy-mm-dd" date. */
function dayLabel(label: ReactNode): ReactNode {
  return typeof label === 'string' ? longDay(label) : label;
}

const periodText = (days: AnalyticsDays) => `Nos últimos ${days} dias`;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------- chart frame

const CHART_HEIGHT = 260;
const chartStyle = { width: '100%', height: CHART_HEIGHT };
const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--popover-foreground)',
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
};

type ChartQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

/**
 * One chart: title, then loading, the error with retry, 'Sem dados no período.' or the figures.
 * The drawing is hidden from assistive technology (and recharts' keyboard layer is off, so
 * nothing inside it takes focus); the summary sentence and a visually hidden table carry the
 * same figures as text.
 */
function ChartCard<T>({
  id,
  title,
  description,
  errorTitle,
  query,
  isEmpty,
  summary,
  table,
  chart,
  className,
}: {
  id: string;
  title: string;
  description: string;
  errorTitle: string;
  query: ChartQuery<T>;
  isEmpty: (data: T) => boolean;
  /** A sentence with the totals, shown above the chart. */
  summary: (data: T) => ReactNode;
  /** Every figure of the chart, for screen readers. */
  table: (data: T) => ReactNode;
  chart: (data: T) => ReactNode;
  className?: string;
}) {
  let body: ReactNode;
  if (query.isPending)
    body = (
      <div className="flex items-center justify-center" style={{ height: CHART_HEIGHT }}>
        <Spinner label={`Carregando: ${title}`} />
      </div>
    );
  else if (query.isError || query.data === undefined)
    body = (
      <LoadError
        title={errorTitle}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  else if (isEmpty(query.data))
    body = <p className="py-12 text-center text-sm text-muted-foreground">Sem dados no período.</p>;
  else
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm">{summary(query.data)}</p>
        <div aria-hidden="true">{chart(query.data)}</div>
        <div className="sr-only">{table(query.data)}</div>
      </div>
    );
  return (
    <Card className={cn('gap-4', className)} role="region" aria-labelledby={id}>
      <CardHeader>
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function FigureTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: string[] }[];
}) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.cells[0]}</th>
            {r.cells.slice(1).map((c, i) => (
              <td key={headers[i + 1]}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// ---------------------------------------------------------------- revenue and fees

export function RevenueChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useRevenueSeries(days);
  const title = 'Receita e taxas por dia';
  return (
    <ChartCard
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
        <ComposedChart
          responsive
          accessibilityLayer={false}
          style={chartStyle}
          data={rows}
          margin={{ left: 8, right: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={shortDay}
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={72}
            tickFormatter={axisBRL}
          />
          <Tooltip {...tooltipStyle} labelFormatter={dayLabel} formatter={tooltipBRL} />
          <Legend />
          <Area
            type="monotone"
            dataKey="revenue"
            name="Receita"
            stroke="var(--primary)"
            fill="var(--primary)"
            fillOpacity={0.15}
            strokeWidth={2}
          />
          <Line
            type="monotone"
            dataKey="fees"
            name="Taxas da plataforma"
            stroke="var(--success)"
            strokeWidth={2}
            dot={false}
          />
        </ComposedChart>
      )}
    />
  );
}

// ---------------------------------------------------------------- sign-ups and verifications

export function SignupChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useSignupSeries(days);
  const title = 'Cadastros e verificações por dia';
  return (
    <ChartCard
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
        <LineChart
          responsive
          accessibilityLayer={false}
          style={chartStyle}
          data={rows}
          margin={{ left: 8, right: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={shortDay}
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
            width={40}
          />
          <Tooltip {...tooltipStyle} labelFormatter={dayLabel} />
          <Legend />
          <Line
            type="monotone"
            dataKey="signups"
            name="Cadastros"
            stroke="var(--primary)"
            strokeWidth={2}
            dot={false}
          />
          <Line
            type="monotone"
            dataKey="verified"
            name="Verificados"
            stroke="var(--info)"
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      )}
    />
  );
}

// ---------------------------------------------------------------- participations per room type

export function RoomTypeChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useRoomTypeSeries(days);
  const title = 'Participações por tipo de sala';
  return (
    <ChartCard
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
          responsive
          accessibilityLayer={false}
          style={chartStyle}
          data={rows.map((r) => ({ ...r, tipo: roomTypeLabel(r.tipoSala) }))}
          margin={{ left: 8, right: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="tipo" tick={axisTick} tickLine={false} axisLine={false} />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
            width={40}
          />
          <Tooltip
            {...tooltipStyle}
            cursor={{ fill: 'var(--muted)' }}
            formatter={(value, _name, item) => {
              const amount = (item.payload as { amount?: number } | undefined)?.amount;
              return amount === undefined ? value : `${String(value)} (${tooltipBRL(amount)})`;
            }}
          />
          <Bar
            dataKey="participations"
            name="Participações"
            fill="var(--primary)"
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      )}
    />
  );
}

// ---------------------------------------------------------------- funnel

export function FunnelChart({ days, className }: { days: AnalyticsDays; className?: string }) {
  const query = useFunnel(days);
  const title = 'Funil de conversão';
  const ofFirst = (rows: { count: number }[], count: number) => {
    const first = rows[0]?.count ?? 0;
    return first > 0 ? formatPercent(count / first) : formatPercent(0);
  };
  return (
    <ChartCard
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
          responsive
          accessibilityLayer={false}
          layout="vertical"
          style={chartStyle}
          data={rows.map((r) => ({
            ...r,
            label: `${formatInteger(r.count)} · ${ofFirst(rows, r.count)}`,
          }))}
          margin={{ left: 8, right: 96 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="step"
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={150}
          />
          <Tooltip {...tooltipStyle} cursor={{ fill: 'var(--muted)' }} />
          <Bar dataKey="count" name="Pessoas" fill="var(--primary)" radius={[0, 4, 4, 0]}>
            <LabelList dataKey="label" position="right" fill="var(--foreground)" fontSize={12} />
          </Bar>
        </BarChart>
      )}
    />
  );
}
