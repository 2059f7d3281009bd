import type { ColumnDef } from '@tanstack/react-table';
import {
  formatBRL,
  roomNameLabel,
  roomTypeLabel,
  type AdminRoom,
  type RoomStatus,
} from '@sorteio/shared';
import { MoreHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type RoomAction = 'edit' | 'toggle' | 'delete' | 'draw' | 'cancel';

/** Spec 001 section 4: green open, grey closed, blue drawn, red cancelled. */
const statusBadge: Record<
  RoomStatus,
  { label: string; variant: 'success' | 'secondary' | 'info' | 'destructive' | 'warning' }
> = {
  aberta: { label: 'Aberta', variant: 'success' },
  fechada: { label: 'Fechada', variant: 'secondary' },
  sorteando: { label: 'Sorteando', variant: 'warning' },
  sorteada: { label: 'Sorteada', variant: 'info' },
  finalizada: { label: 'Finalizada', variant: 'info' },
  cancelada: { label: 'Cancelada', variant: 'destructive' },
};

const percent = (bp: number) =>
  `${(bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

export function roomColumns(options: {
  canManage: boolean;
  onAction: (room: AdminRoom, action: RoomAction) => void;
}): ColumnDef<AdminRoom, unknown>[] {
  const { canManage, onAction } = options;
  return [
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const b = statusBadge[row.original.status];
        return <Badge variant={b.variant}>{b.label}</Badge>;
      },
    },
    {
      id: 'tipo',
      header: 'Tipo',
      cell: ({ row }) => (
        <span className="font-medium">
          {row.original.privateRoomName === null
            ? roomTypeLabel(row.original.tipoSala)
            : roomNameLabel(row.original.privateRoomName)}
          {row.original.tipoSala === 'privada' ? ' (privada)' : ''}
        </span>
      ),
    },
    { id: 'entrada', header: 'Entrada', cell: ({ row }) => formatBRL(row.original.valorEntrada) },
    {
      id: 'participantes',
      header: 'Participantes',
      cell: ({ row }) =>
        `${row.original.participantesAtual}/${row.original.temLimitePessoas ? row.original.maxParticipantes : '∞'}`,
    },
    { id: 'taxa', header: 'Taxa', cell: ({ row }) => percent(row.original.taxaPersonalizadaBp) },
    {
      id: 'premio',
      header: 'Prêmio líquido',
      cell: ({ row }) => (
        <span className="font-semibold text-success tabular-nums">
          {formatBRL(row.original.premioLiquido)}
        </span>
      ),
    },
    {
      id: 'acoes',
      header: 'Ações',
      cell: ({ row }) => {
        const r = row.original;
        const isPublic = r.tipoSala !== 'privada';
        const live = r.status === 'aberta' || r.status === 'fechada';
        return (
          <div className="flex items-center gap-1">
            {r.sorteioId && (
              <Button asChild variant="link" size="sm">
                <Link to={`/sorteios/${r.sorteioId}`}>Prova</Link>
              </Button>
            )}
            {canManage && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Ações da sala ${roomTypeLabel(r.tipoSala)} ${r.id.slice(0, 8)}`}
                  >
                    <MoreHorizontal aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {isPublic && live && (
                    <DropdownMenuItem onSelect={() => onAction(r, 'edit')}>Editar</DropdownMenuItem>
                  )}
                  {live && (
                    <DropdownMenuItem onSelect={() => onAction(r, 'toggle')}>
                      {r.status === 'aberta' ? 'Fechar' : 'Abrir'}
                    </DropdownMenuItem>
                  )}
                  {/* Offered when it can work: two paid entrants at least (an open room is
                      closed by the draw itself; the dialog says so). */}
                  {(live || r.status === 'sorteando') && !r.sorteioId && r.paidSeats >= 2 && (
                    <DropdownMenuItem onSelect={() => onAction(r, 'draw')}>
                      Sortear agora
                    </DropdownMenuItem>
                  )}
                  {live && (
                    <>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem onSelect={() => onAction(r, 'cancel')}>
                        Cancelar e reembolsar
                      </DropdownMenuItem>
                    </>
                  )}
                  {/* The server keeps a room that ever had a participation: cancel it instead. */}
                  {isPublic && r.entrantsEver === 0 && (
                    <DropdownMenuItem variant="destructive" onSelect={() => onAction(r, 'delete')}>
                      Excluir
                    </DropdownMenuItem>
                  )}
                </DropdownMenuContent>
              </DropdownMenu>
            )}
          </div>
        );
      },
    },
  ];
}
