import { type PayoutQueueItem, formatBRL } from '@sorteio/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

/**
 * "Creditar no saldo" moves money: the amount and the player are shown before it is confirmed
 * (issue 35). The server still refuses when the bank may have received the PIX.
 */
export function CreditPayoutDialog({
  payout,
  disabled,
  onConfirm,
}: {
  payout: PayoutQueueItem;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const what = payout.kind === 'prize' ? 'Prêmio' : 'Saque';
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" disabled={disabled}>
          Creditar no saldo
        </Button>
      }
      title="Creditar no saldo?"
      description="O PIX deste pagamento não será mais enviado: o valor volta ao Saldo do jogador."
      cancelLabel="Cancelar"
      confirmLabel={<>Creditar {formatBRL(payout.amount)}</>}
      onConfirm={onConfirm}
    >
      <dl className="grid grid-cols-[7rem_1fr] gap-1 text-sm" aria-label="Pagamento a creditar">
        <dt className="text-muted-foreground">Jogador</dt>
        <dd className="break-all">
          {payout.userName} ({payout.email})
        </dd>
        <dt className="text-muted-foreground">Tipo</dt>
        <dd>{what}</dd>
        <dt className="text-muted-foreground">Valor</dt>
        <dd className="font-semibold">{formatBRL(payout.amount)}</dd>
        <dt className="text-muted-foreground">Tentativas</dt>
        <dd>{payout.attempts}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">
        Antes de creditar, o sistema confirma que o banco não recebeu este PIX. O crédito fica
        registrado na auditoria com o saldo antes e depois.
      </p>
    </ConfirmDialog>
  );
}
