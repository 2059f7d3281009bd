import type { HistoryItem } from '@sorteio/shared';
import { Badge, type BadgeProps } from '@/components/ui/badge';

type Variant = NonNullable<BadgeProps['variant']>;

/**
 * The history badge of spec 000 section 4: Vencedor (green) for a win; Finalizada (red) once the
 * room is drawn; Sorteando (yellow) while it draws; otherwise Aguardando (blue).
 */
export function roomBadge(item: HistoryItem): { label: string; variant: Variant } {
  if (item.participation.ehVencedor) return { label: 'Vencedor', variant: 'success' };
  const status = item.room.status;
  if (status === 'finalizada' || status === 'sorteada') {
    return { label: 'Finalizada', variant: 'destructive' };
  }
  if (status === 'sorteando') return { label: 'Sorteando', variant: 'warning' };
  // Not one of the spec's four: a cancelled room is refunded and will never be drawn, so
  // 'Aguardando' would be wrong.
  if (status === 'cancelada') return { label: 'Sala cancelada', variant: 'secondary' };
  return { label: 'Aguardando', variant: 'info' };
}

/** The payment state, when it is not simply confirmed. */
export function paymentBadge(item: HistoryItem): { label: string; variant: Variant } | null {
  if (item.participation.statusPagamento === 'pendente') {
    return { label: 'Pagamento pendente', variant: 'outline' };
  }
  if (item.participation.statusPagamento === 'cancelado') {
    return { label: 'Cancelada', variant: 'secondary' };
  }
  return null;
}

export function HistoryBadges({ item }: { item: HistoryItem }) {
  const payment = paymentBadge(item);
  // A cancelled seat never reaches a draw: its room's state says nothing about it.
  const room = payment?.label === 'Cancelada' ? null : roomBadge(item);
  return (
    <div className="flex flex-wrap gap-1.5">
      {room && <Badge variant={room.variant}>{room.label}</Badge>}
      {payment && <Badge variant={payment.variant}>{payment.label}</Badge>}
    </div>
  );
}
