import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A chart's card: a region named by its heading, with a description under it. */
export function ChartCard({
  id,
  title,
  description,
  headingLevel = 2,
  className,
  children,
}: {
  id: string;
  title: string;
  description: string;
  /** 2 on a page of its own, 3 inside an admin tab. */
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className={cn('gap-4', className)} role="region" aria-labelledby={id}>
      <CardHeader>
        <Heading id={id} className="text-lg font-semibold">
          {title}
        </Heading>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The drawing hidden from assistive technology, with the same figures as text for screen
 * readers (`alternative`: a FigureTable or a sentence).
 */
export function ChartFigure({ chart, alternative }: { chart: ReactNode; alternative: ReactNode }) {
  return (
    <>
      <div aria-hidden="true">{chart}</div>
      <div className="sr-only">{alternative}</div>
    </>
  );
}

/** Every figure of a chart as a table: the first cell of each row is its row header. */
export function FigureTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
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
