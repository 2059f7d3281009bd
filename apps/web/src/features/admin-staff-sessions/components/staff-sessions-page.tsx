import type { ColumnDef } from '@tanstack/react-table';
import {
  type StaffSession,
  formatDateTime,
  roleLabels,
  roleSchema,
  staffSessionMessages,
} from '@sorteio/shared';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useEndStaffSession } from '../api/end-staff-session';
import { useStaffSessions } from '../api/list-staff-sessions';
import { countOf } from '@/lib/plural';

const roleLabel = (role: string) => {
  const parsed = roleSchema.safeParse(role);
  return parsed.success ? roleLabels[parsed.data] : role;
};

function columns(onEnd: (row: StaffSession) => void): ColumnDef<StaffSession, unknown>[] {
  return [
    {
      id: 'pessoa',
      header: 'Pessoa',
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span className="font-medium">{row.original.name}</span>
          <span className="text-xs text-muted-foreground">{row.original.email}</span>
        </div>
      ),
    },
    { id: 'cargo', header: 'Cargo', cell: ({ row }) => roleLabel(row.original.role) },
    {
      id: 'dispositivo',
      header: 'Dispositivo',
      cell: ({ row }) => (
        <span className="line-clamp-2 max-w-64 text-xs" title={row.original.userAgent ?? ''}>
          {row.original.userAgent ?? 'Desconhecido'}
        </span>
      ),
    },
    { id: 'ip', header: 'IP', cell: ({ row }) => row.original.ipAddress ?? '—' },
    {
      id: 'inicio',
      header: 'Entrou em',
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    },
    {
      id: 'atividade',
      header: 'Última atividade',
      cell: ({ row }) => formatDateTime(row.original.lastActiveAt),
    },
    {
      id: 'acoes',
      header: 'Ações',
      cell: ({ row }) =>
        row.original.current ? (
          <Badge variant="secondary">Esta sessão</Badge>
        ) : (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Encerrar a sessão de ${row.original.name}`}
            onClick={() => onEnd(row.original)}
          >
            Encerrar
          </Button>
        ),
    },
  ];
}

/**
 * 'Sessões da equipe' (administrators): who of the staff is signed in, where from and since when;
 * ending a session signs that person out at once (audited).
 */
export function StaffSessionsPage() {
  const sessions = useStaffSessions();
  const end = useEndStaffSession();
  const { notify } = useNotifications();
  const [confirming, setConfirming] = useState<StaffSession | null>(null);
  const cols = useMemo(() => columns(setConfirming), []);

  const confirmEnd = (target: StaffSession) => {
    setConfirming(null);
    end.mutate(target.id, {
      onSuccess: () =>
        notify({
          type: 'success',
          title: staffSessionMessages.ended,
          message: staffSessionMessages.endedDetail(target.name),
        }),
      onError: (error) =>
        notify({
          type: 'error',
          title: 'Erro ao encerrar a sessão',
          message: errorMessageOf(error),
        }),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Sessões da equipe</h1>
          </CardTitle>
          <CardDescription>
            {sessions.data
              ? `Contas da equipe conectadas agora. Uma sessão sem uso por ${countOf(sessions.data.idleTimeoutMinutes, 'minuto', 'minutos')} termina sozinha.`
              : 'Contas da equipe conectadas agora.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {sessions.isPending ? (
            <Spinner label="Carregando sessões..." showLabel />
          ) : sessions.isError ? (
            <LoadError
              title="Erro ao carregar as sessões"
              message={sessions.error.message}
              onRetry={() => void sessions.refetch()}
            />
          ) : (
            <DataTable
              label="Sessões da equipe"
              columns={cols}
              data={sessions.data.items}
              getRowId={(row) => row.id}
              empty="Nenhuma sessão da equipe aberta."
            />
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Encerrar esta sessão?"
        description={
          confirming
            ? `${confirming.name} (${confirming.email}) sai deste dispositivo agora e precisa entrar de novo. A ação fica registrada na auditoria.`
            : ''
        }
        cancelLabel="Cancelar"
        confirmLabel="Encerrar sessão"
        onConfirm={() => confirming && confirmEnd(confirming)}
      />
    </div>
  );
}
