/**
 * The look every chart shares: the product's colours (CSS variables of the theme, so dark mode
 * follows), the grid, the axes and the tooltip. Spread them on the recharts elements:
 * `<XAxis {...xAxisProps} dataKey="date" />`.
 */

export const CHART_HEIGHT = 260;

export const chartColors = {
  primary: 'var(--primary)',
  success: 'var(--success)',
  info: 'var(--info)',
  warning: 'var(--warning)',
  muted: 'var(--muted-foreground)',
} as const;

/**
 * The chart root: full width, fixed height. recharts' keyboard layer is off because the drawing
 * is hidden from assistive technology (the card's text alternative carries the figures).
 */
export const chartProps = {
  responsive: true,
  accessibilityLayer: false,
  style: { width: '100%', height: CHART_HEIGHT },
  margin: { left: 8, right: 8 },
} as const;

/** Dashed lines across the values' axis only. */
export function gridProps(direction: 'horizontal' | 'vertical' = 'horizontal') {
  return {
    strokeDasharray: '3 3',
    stroke: 'var(--border)',
    vertical: direction === 'vertical',
    horizontal: direction === 'horizontal',
  };
}

export const axisProps = {
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  tickLine: false,
  axisLine: false,
} as const;

export const tooltipProps = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--popover-foreground)',
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
} as const;

/** The highlight behind the hovered bar. */
export const barCursor = { fill: 'var(--muted)' } as const;

/** A line of a series: smooth, no dots. */
export const lineProps = { type: 'monotone', strokeWidth: 2, dot: false } as const;

/** Bars with rounded tops (or rounded right ends when the chart is laid out sideways). */
export function barRadius(layout: 'horizontal' | 'vertical' = 'horizontal') {
  return layout === 'horizontal'
    ? ([4, 4, 0, 0] as [number, number, number, number])
    : ([0, 4, 4, 0] as [number, number, number, number]);
}
