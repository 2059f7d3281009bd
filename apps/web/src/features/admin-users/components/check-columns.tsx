import type { ColumnDef } from '@tanstack/react-table';
import { type IdentityAnalysis, identityCheckLabels } from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';

type Check = IdentityAnalysis['checks'][number];

const resultText = { aprovado: 'Aprovado', reprovado: 'Reprovado', nao_realizado: 'Não realizado' };
const resultVariant = {
  aprovado: 'success',
  reprovado: 'destructive',
  nao_realizado: 'secondary',
} as const;

const number = (n: number | null) =>
  n === null ? '—' : n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

/** Verificação (the row's header, with the detail under it), Resultado, Pontuação, Limite. */
export const checkColumns: ColumnDef<Check, unknown>[] = [
  {
    id: 'check',
    header: 'Verificação',
    meta: { isRowHeader: true, className: 'align-top' },
    cell: ({ row }) => (
      <>
        {identityCheckLabels[row.original.id]}
        <span className="block text-xs text-muted-foreground">{row.original.detail}</span>
      </>
    ),
  },
  {
    id: 'result',
    header: 'Resultado',
    meta: { className: 'align-top' },
    cell: ({ row }) => (
      <Badge variant={resultVariant[row.original.result]}>{resultText[row.original.result]}</Badge>
    ),
  },
  {
    id: 'score',
    header: 'Pontuação',
    meta: { className: 'text-right align-top tabular-nums' },
    cell: ({ row }) => number(row.original.score),
  },
  {
    id: 'threshold',
    header: 'Limite',
    meta: { className: 'text-right align-top tabular-nums' },
    cell: ({ row }) => number(row.original.threshold),
  },
];
