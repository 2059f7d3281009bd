import type { ColumnDef } from '@tanstack/react-table';
import { formatBRL, type PayoutQueueItem } from '@sorteio/shared';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { usePayoutQueue } from '../api/get-payout-queue';
import { usePayoutAction } from '../api/payout-action';
import { CreditPayoutDialog } from './credit-payout-dialog';
import { Loaded } from './loaded';

const payoutStatus = {
  pendente: 'Pendente',
  enviando: 'Enviando',
  confirmado: 'Pago',
  devolvido: 'Devolvido',
};

export function PayoutQueue({ canAct }: { canAct: boolean }) {
  const queue = usePayoutQueue();
  const { notify } = useNotifications();
  const action = usePayoutAction();
  const act = (p: PayoutQueueItem, kind: 'retry' | 'credit') =>
    action.mutate(
      { id: p.id, action: kind },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: 'Ação realizada!',
            message:
              kind === 'retry'
                ? 'Nova tentativa agendada.'
                : `${formatBRL(p.amount)} creditados no Saldo de ${p.userName}.`,
          }),
        onError: (e) => notify({ type: 'error', title: 'Erro', message: e.message }),
      },
    );
  const columns: ColumnDef<PayoutQueueItem, unknown>[] = [
    {
      id: 'tipo',
      header: 'Tipo',
      cell: ({ row }) => (row.original.kind === 'prize' ? 'Prêmio' : 'Saque'),
    },
    {
      id: 'pessoa',
      header: 'Usuário',
      cell: ({ row }) => `${row.original.userName} (${row.original.email})`,
    },
    { id: 'valor', header: 'Valor', cell: ({ row }) => formatBRL(row.original.amount) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Badge variant="warning">{payoutStatus[row.original.status]}</Badge>,
    },
    { accessorKey: 'attempts', header: 'Tentativas' },
    { id: 'erro', header: 'Último erro', cell: ({ row }) => row.original.lastError ?? '—' },
    ...(canAct
      ? [
          {
            id: 'acoes',
            header: 'Ações',
            cell: ({ row }) => (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={action.isPending}
                  onClick={() => act(row.original, 'retry')}
                >
                  Tentar novamente
                </Button>
                <CreditPayoutDialog
                  payout={row.original}
                  disabled={action.isPending}
                  onConfirm={() => act(row.original, 'credit')}
                />
              </div>
            ),
          } satisfies ColumnDef<PayoutQueueItem, unknown>,
        ]
      : []),
  ];
  return (
    <Loaded query={queue} title="Erro ao carregar pagamentos">
      {(rows) => (
        <DataTable
          label="Fila de pagamentos"
          columns={columns}
          data={rows}
          getRowId={(r) => r.id}
          empty="Nenhum pagamento pendente."
        />
      )}
    </Loaded>
  );
}
