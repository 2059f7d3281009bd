import type { ReactNode } from 'react';
import { CHART_HEIGHT, ChartCard, ChartFigure } from '@/components/charts';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import type { AnalyticsDays } from '../api/analytics-query';

export const periodText = (days: AnalyticsDays) => `Nos últimos ${days} dias`;

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

type ChartQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

/**
 * One chart of the tab: title, then loading, the error with retry, 'Sem dados no período.' or the
 * figures. The summary sentence and a visually hidden table carry the same figures as text.
 */
export function AnalyticsChartCard<T>({
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
        <ChartFigure chart={chart(query.data)} alternative={table(query.data)} />
      </div>
    );
  return (
    <ChartCard
      id={id}
      title={title}
      description={description}
      headingLevel={3}
      className={className}
    >
      {body}
    </ChartCard>
  );
}
