import type { ColumnDef } from '@tanstack/react-table';
import { type ActivityItem, formatBRL, formatRelative, roomTypeLabel } from '@sorteio/shared';

const activityLabel = {
  participation: 'Participação',
  draw: 'Sorteio',
  signup: 'Cadastro',
} as const;

/** 'Atividade recente': Usuário (with what happened), Sala, Valor, Quando. */
export const activityColumns: ColumnDef<ActivityItem, unknown>[] = [
  {
    id: 'user',
    header: 'Usuário',
    cell: ({ row }) => (
      <>
        <span className="font-medium">{row.original.firstName}</span>{' '}
        <span className="text-xs text-muted-foreground">{activityLabel[row.original.kind]}</span>
      </>
    ),
  },
  {
    id: 'room',
    header: 'Sala',
    meta: { className: 'capitalize' },
    cell: ({ row }) => (row.original.tipoSala ? roomTypeLabel(row.original.tipoSala) : '—'),
  },
  {
    id: 'amount',
    header: 'Valor',
    meta: { className: 'text-right tabular-nums' },
    cell: ({ row }) => (row.original.amount === null ? '—' : formatBRL(row.original.amount)),
  },
  {
    id: 'at',
    header: 'Quando',
    meta: { className: 'whitespace-nowrap text-muted-foreground' },
    cell: ({ row }) => <time dateTime={row.original.at}>{formatRelative(row.original.at)}</time>,
  },
];
