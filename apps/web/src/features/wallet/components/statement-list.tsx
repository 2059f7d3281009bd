import {
  formatBRL,
  formatDateTime,
  statementKindLabels,
  type StatementEntry,
} from '@sorteio/shared';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

function signed(valor: number): string {
  const text = formatBRL(Math.abs(valor));
  return valor < 0 ? `− ${text}` : `+ ${text}`;
}

/** Extrato: every movement of both balances, newest first. */
export function StatementList({ entries }: { entries: StatementEntry[] }) {
  if (entries.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">Nenhuma movimentação ainda.</p>
    );
  }
  return (
    <ul className="flex flex-col divide-y">
      {entries.map((entry) => {
        const negative = entry.valor < 0;
        const Icon = negative ? ArrowUpRight : ArrowDownLeft;
        return (
          <li key={entry.id} className="flex items-center gap-3 py-3">
            <div
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full',
                negative ? 'bg-destructive/10 text-destructive' : 'bg-success/10 text-success',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="text-sm font-medium">{statementKindLabels[entry.kind]}</span>
              {entry.descricao && (
                <span className="truncate text-xs text-muted-foreground">{entry.descricao}</span>
              )}
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                <Badge variant="outline" className="font-normal">
                  {entry.conta === 'saldo' ? 'Saldo' : 'Cashback'}
                </Badge>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </span>
            </div>
            <span
              className={cn(
                'shrink-0 text-sm font-semibold tabular-nums',
                negative ? 'text-destructive' : 'text-success',
              )}
            >
              {signed(entry.valor)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
