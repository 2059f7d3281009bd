export { ChartCard, ChartFigure, FigureTable } from './chart-card';
export { type ChartSeries, SeriesChart } from './series-chart';
export * from './chart-format';
export * from './chart-theme';
