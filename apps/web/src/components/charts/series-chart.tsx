import type { ComponentProps } from 'react';
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  axisProps,
  barCursor,
  barRadius,
  chartProps,
  gridProps,
  lineProps,
  tooltipProps,
} from './chart-theme';

/** One series of a chart: the field it draws, its name in the legend and tooltip, its colour. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** A line (the default), a filled area or bars. */
  kind?: 'line' | 'area' | 'bar';
}

type TooltipProps = ComponentProps<typeof Tooltip>;

/**
 * A chart of series over categories (days, months, room types): the shared grid, axes, tooltip
 * and legend, with bars, lines or areas. Bars make a bar chart, lines a line chart, a mix both.
 */
export function SeriesChart<T extends object>({
  data,
  xKey,
  series,
  xTickFormatter,
  minTickGap,
  yWidth,
  yTickFormatter,
  allowDecimals,
  labelFormatter,
  tooltipFormatter,
  legend = true,
}: {
  data: T[];
  xKey: string;
  series: ChartSeries[];
  xTickFormatter?: (value: string) => string;
  minTickGap?: number;
  yWidth: number;
  yTickFormatter?: (value: number) => string;
  /** False for counts. */
  allowDecimals?: boolean;
  labelFormatter?: TooltipProps['labelFormatter'];
  tooltipFormatter?: TooltipProps['formatter'];
  legend?: boolean;
}) {
  const kinds = new Set(series.map((s) => s.kind ?? 'line'));
  const Root = kinds.size > 1 ? ComposedChart : kinds.has('bar') ? BarChart : LineChart;
  const bars = kinds.has('bar');
  return (
    <Root {...chartProps} data={data}>
      <CartesianGrid {...gridProps()} />
      <XAxis
        {...axisProps}
        dataKey={xKey}
        {...(xTickFormatter ? { tickFormatter: xTickFormatter } : {})}
        {...(minTickGap === undefined ? {} : { minTickGap })}
      />
      <YAxis
        {...axisProps}
        {...(allowDecimals === undefined ? {} : { allowDecimals })}
        width={yWidth}
        {...(yTickFormatter ? { tickFormatter: yTickFormatter } : {})}
      />
      <Tooltip
        {...tooltipProps}
        {...(bars ? { cursor: barCursor } : {})}
        {...(labelFormatter ? { labelFormatter } : {})}
        {...(tooltipFormatter ? { formatter: tooltipFormatter } : {})}
      />
      {legend && <Legend />}
      {series.map((s) =>
        s.kind === 'bar' ? (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={barRadius()} />
        ) : s.kind === 'area' ? (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            fill={s.color}
            fillOpacity={0.15}
            strokeWidth={2}
          />
        ) : (
          <Line key={s.key} {...lineProps} dataKey={s.key} name={s.name} stroke={s.color} />
        ),
      )}
    </Root>
  );
}
