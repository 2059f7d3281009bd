export { ChartCard, ChartFigure, FigureTable } from './chart-card';
export * from './chart-format';
export * from './chart-theme';
