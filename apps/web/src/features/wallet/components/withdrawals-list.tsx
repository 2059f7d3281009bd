import { formatBRL, formatDateTime } from '@sorteio/shared';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { Withdrawal, WithdrawalStatus } from '../api/list-withdrawals';

const statusBadges: Record<
  WithdrawalStatus,
  { label: string; variant: NonNullable<BadgeProps['variant']> }
> = {
  pendente: { label: 'Em processamento', variant: 'info' },
  enviando: { label: 'Em processamento', variant: 'info' },
  confirmado: { label: 'Pago', variant: 'success' },
  devolvido: { label: 'Devolvido ao saldo', variant: 'secondary' },
};

/** 'Meus saques': each withdrawal with its amount, date and where it stands, newest first. */
export function WithdrawalsList({ withdrawals }: { withdrawals: Withdrawal[] }) {
  if (withdrawals.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">Nenhum saque ainda.</p>;
  }
  return (
    <ul className="flex flex-col divide-y">
      {withdrawals.map((withdrawal) => {
        const badge = statusBadges[withdrawal.status];
        return (
          <li key={withdrawal.id} className="flex items-start gap-3 py-3">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="text-sm font-semibold tabular-nums">
                {formatBRL(withdrawal.valor)}
              </span>
              <time dateTime={withdrawal.createdAt} className="text-xs text-muted-foreground">
                {formatDateTime(withdrawal.createdAt)}
              </time>
              {withdrawal.status === 'devolvido' && withdrawal.lastError && (
                <span className="text-xs text-muted-foreground">{withdrawal.lastError}</span>
              )}
            </div>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </li>
        );
      })}
    </ul>
  );
}
