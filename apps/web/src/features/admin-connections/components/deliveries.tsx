import { formatDateTime } from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDeliveries } from '../api/list-deliveries';
import { useResendDelivery } from '../api/resend-delivery';

const statusLabel = { pending: 'Pendente', delivered: 'Entregue', failed: 'Falhou' } as const;

/** The delivery log of a webhook connection, with 'Reenviar'. */
export function DeliveryLog({ connectionId }: { connectionId: string }) {
  const deliveries = useDeliveries(connectionId);
  const resend = useResendDelivery(connectionId);
  const items = deliveries.data?.items ?? [];
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">Nenhuma entrega ainda.</p>;
  return (
    <table className="w-full text-left text-sm" aria-label="Entregas do webhook">
      <thead>
        <tr className="text-muted-foreground">
          <th className="py-1">Evento</th>
          <th>Status</th>
          <th>Resposta</th>
          <th>Tempo</th>
          <th>Tentativas</th>
          <th>Quando</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {items.map((d) => (
          <tr key={d.id} className="border-t">
            <td className="py-1">{d.event}</td>
            <td>
              <Badge
                variant={
                  d.status === 'delivered'
                    ? 'success'
                    : d.status === 'failed'
                      ? 'destructive'
                      : 'warning'
                }
              >
                {statusLabel[d.status]}
              </Badge>
            </td>
            <td>{d.responseStatus ?? (d.error ? 'erro' : '—')}</td>
            <td>{d.durationMs !== null ? `${d.durationMs} ms` : '—'}</td>
            <td>{d.attempts}</td>
            <td>{formatDateTime(d.createdAt)}</td>
            <td>
              <Button
                size="sm"
                variant="outline"
                onClick={() => resend.mutate(d.id)}
                disabled={resend.isPending}
              >
                Reenviar
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
