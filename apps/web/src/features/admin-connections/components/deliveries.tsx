import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, type WebhookDelivery } from '@sorteio/shared';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDeliveries } from '../api/list-deliveries';
import { useResendDelivery } from '../api/resend-delivery';

const statusLabel = { pending: 'Pendente', delivered: 'Entregue', failed: 'Falhou' } as const;

const statusVariant = (status: WebhookDelivery['status']) =>
  status === 'delivered' ? 'success' : status === 'failed' ? 'destructive' : 'warning';

/** The delivery log of a webhook connection, with 'Reenviar'. */
export function DeliveryLog({ connectionId }: { connectionId: string }) {
  const deliveries = useDeliveries(connectionId);
  const resend = useResendDelivery(connectionId);
  const items = deliveries.data?.items ?? [];
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">Nenhuma entrega ainda.</p>;
  const columns: ColumnDef<WebhookDelivery, unknown>[] = [
    { accessorKey: 'event', header: 'Evento' },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: d } }) => (
        <Badge variant={statusVariant(d.status)}>{statusLabel[d.status]}</Badge>
      ),
    },
    {
      id: 'response',
      header: 'Resposta',
      cell: ({ row: { original: d } }) => d.responseStatus ?? (d.error ? 'erro' : '—'),
    },
    {
      id: 'duration',
      header: 'Tempo',
      cell: ({ row: { original: d } }) => (d.durationMs !== null ? `${d.durationMs} ms` : '—'),
    },
    { accessorKey: 'attempts', header: 'Tentativas' },
    {
      id: 'createdAt',
      header: 'Quando',
      cell: ({ row: { original: d } }) => formatDateTime(d.createdAt),
    },
    {
      id: 'actions',
      header: () => null,
      cell: ({ row: { original: d } }) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => resend.mutate(d.id)}
          disabled={resend.isPending}
        >
          Reenviar
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Entregas do webhook"
      columns={columns}
      data={items}
      getRowId={(d) => d.id}
    />
  );
}
