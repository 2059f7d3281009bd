import type { ColumnDef } from '@tanstack/react-table';
import { type AuditEntry, formatDateTime } from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { actionLabel, roleLabel, targetTypeLabel } from './audit-labels';

/** Data/hora, Membro da equipe, Ação, Alvo, IP and the button that opens before/after. */
export function auditColumns(
  onOpen: (entry: AuditEntry) => void,
): ColumnDef<AuditEntry, unknown>[] {
  return [
    {
      id: 'quando',
      header: 'Data/hora',
      cell: ({ row }) => (
        <time dateTime={row.original.createdAt} className="whitespace-nowrap tabular-nums">
          {formatDateTime(row.original.createdAt)}
        </time>
      ),
    },
    {
      id: 'equipe',
      header: 'Membro da equipe',
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <span className="break-all">{row.original.actorEmail ?? 'Sistema'}</span>
          <Badge variant="secondary">{roleLabel(row.original.actorRole)}</Badge>
        </div>
      ),
    },
    {
      id: 'acao',
      header: 'Ação',
      cell: ({ row }) => (
        <div className="flex flex-col gap-0.5">
          <span className="font-medium">{actionLabel(row.original.action)}</span>
          <code className="text-xs text-muted-foreground">{row.original.action}</code>
        </div>
      ),
    },
    {
      id: 'alvo',
      header: 'Alvo',
      cell: ({ row }) => (
        <div className="flex flex-col gap-0.5">
          <span>{targetTypeLabel(row.original.targetType)}</span>
          {row.original.targetId && (
            <code className="text-xs break-all text-muted-foreground">{row.original.targetId}</code>
          )}
        </div>
      ),
    },
    {
      id: 'ip',
      header: 'IP',
      cell: ({ row }) => <code className="text-xs">{row.original.ip ?? '—'}</code>,
    },
    {
      id: 'detalhes',
      header: 'Detalhes',
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onOpen(row.original)}>
          Ver detalhes
          <span className="sr-only">
            {' '}
            de {actionLabel(row.original.action)}, {formatDateTime(row.original.createdAt)}
          </span>
        </Button>
      ),
    },
  ];
}
