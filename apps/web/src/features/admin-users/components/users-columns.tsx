import type { ColumnDef } from '@tanstack/react-table';
import {
  type AccountParty,
  type AdminUserRow,
  formatDate,
  mayActOn,
  roleLabels,
} from '@sorteio/shared';
import { MoreHorizontal } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type UserAction = 'details' | 'ativar' | 'suspender' | 'verificar' | 'desverificar';

const statusLabels: Record<AdminUserRow['statusConta'], string> = {
  ativo: 'Ativo',
  suspenso: 'Suspenso',
  inativo: 'Inativo',
};
const statusVariants = { ativo: 'success', suspenso: 'destructive', inativo: 'secondary' } as const;

export const verificationLabels: Record<AdminUserRow['verificationStatus'], string> = {
  nao_enviado: 'Não enviado',
  pendente: 'Em análise',
  verificado: 'Verificado',
  rejeitado: 'Rejeitado',
};

/** Columns of spec 001 "Admin users tab": Nome, Email, Tipo, Status, Verificado, Cadastro, Ações. */
export function userColumns(options: {
  /** Who is looking: each row offers only what the act-on-whom rule lets them do to it. */
  viewer: AccountParty | null;
  onAction: (row: AdminUserRow, action: UserAction) => void;
}): ColumnDef<AdminUserRow, unknown>[] {
  const { viewer, onAction } = options;
  const may = (u: AdminUserRow, action: 'status' | 'verify') =>
    viewer !== null &&
    mayActOn(viewer, { id: u.id, role: u.role, isOwner: u.isOwner ?? false }, action).ok;
  return [
    {
      id: 'nome',
      header: 'Nome',
      cell: ({ row }) => (
        <button
          type="button"
          className="cursor-pointer text-left font-medium underline-offset-4 hover:underline"
          onClick={() => onAction(row.original, 'details')}
        >
          {row.original.nomeCompleto ?? 'Sem nome'}
        </button>
      ),
    },
    { accessorKey: 'email', header: 'Email' },
    {
      id: 'tipo',
      header: 'Tipo',
      cell: ({ row }) => roleLabels[row.original.role],
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <Badge variant={statusVariants[row.original.statusConta]}>
          {statusLabels[row.original.statusConta]}
        </Badge>
      ),
    },
    {
      id: 'verificado',
      header: 'Verificado',
      cell: ({ row }) =>
        row.original.isVerified ? (
          <Badge variant="success">Sim</Badge>
        ) : (
          <Badge variant={row.original.verificationStatus === 'pendente' ? 'warning' : 'outline'}>
            {row.original.verificationStatus === 'pendente' ? 'Em análise' : 'Não'}
          </Badge>
        ),
    },
    {
      id: 'cadastro',
      header: 'Cadastro',
      cell: ({ row }) => formatDate(row.original.createdAt),
    },
    {
      id: 'acoes',
      header: 'Ações',
      cell: ({ row }) => {
        const u = row.original;
        const canStatus = may(u, 'status');
        const canVerify = may(u, 'verify');
        return (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Ações de ${u.nomeCompleto ?? u.email}`}
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onAction(u, 'details')}>Detalhes</DropdownMenuItem>
              {canStatus && u.statusConta !== 'ativo' && (
                <DropdownMenuItem onSelect={() => onAction(u, 'ativar')}>Ativar</DropdownMenuItem>
              )}
              {canStatus && u.statusConta === 'ativo' && (
                <DropdownMenuItem onSelect={() => onAction(u, 'suspender')}>
                  Suspender
                </DropdownMenuItem>
              )}
              {canVerify && !u.isVerified && (
                <DropdownMenuItem onSelect={() => onAction(u, 'verificar')}>
                  Verificar
                </DropdownMenuItem>
              )}
              {canVerify && u.isVerified && (
                <DropdownMenuItem onSelect={() => onAction(u, 'desverificar')}>
                  Desverificar
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        );
      },
    },
  ];
}
