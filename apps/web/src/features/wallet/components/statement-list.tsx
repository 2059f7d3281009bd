import {
  formatBRL,
  formatDateTime,
  moneyTerms,
  statementKindLabels,
  type StatementEntry,
  type StatementKind,
} from '@sorteio/shared';
import { ArrowDownLeft, ArrowRight, ArrowUpRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

function signed(valor: number): string {
  const text = formatBRL(Math.abs(valor));
  return valor < 0 ? `− ${text}` : `+ ${text}`;
}

/**
 * A prize sent to the winner's own PIX key is the prize moving, not a loss: it reads as a transfer
 * (neutral, an arrow onwards), never a red minus. Prizes credited are green like every credit.
 */
const transfers: ReadonlySet<StatementKind> = new Set(['prize_payout']);

function tone(entry: StatementEntry): 'credit' | 'debit' | 'transfer' {
  if (transfers.has(entry.kind)) return 'transfer';
  return entry.valor < 0 ? 'debit' : 'credit';
}

const toneClasses = {
  credit: { icon: 'bg-success/10 text-success', amount: 'text-success' },
  debit: { icon: 'bg-destructive/10 text-destructive', amount: 'text-destructive' },
  transfer: { icon: 'bg-muted text-muted-foreground', amount: 'text-foreground' },
} as const;

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
        const kind = tone(entry);
        const Icon =
          kind === 'transfer' ? ArrowRight : kind === 'debit' ? ArrowUpRight : ArrowDownLeft;
        return (
          <li key={entry.id} className="flex items-center gap-3 py-3">
            <div
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full',
                toneClasses[kind].icon,
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
                  {entry.conta === 'saldo' ? moneyTerms.saldo : moneyTerms.cashback}
                </Badge>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </span>
            </div>
            <span
              className={cn(
                'shrink-0 text-sm font-semibold tabular-nums',
                toneClasses[kind].amount,
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
