import { formatBRL, type Room } from '@sorteio/shared';
import { DialogHeading } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { RoomName } from './room-facts';

/** Both balances in centavos (GET /api/wallet). */
export interface JoinBalances {
  /** Withdrawable: added by PIX and by prizes. */
  saldo: number;
  /** Platform credit: spent first on entries, never withdrawn. */
  cashback: number;
}

/** The entry paid from the balances: the Cashback first, then the Saldo (as the server does). */
function balanceSplit(valor: number, balances: JoinBalances) {
  const fromCashback = Math.min(balances.cashback, valor);
  return { fromCashback, fromSaldo: valor - fromCashback };
}

/** Second step of a payment from the balance: the amount and where it comes from. */
export function ConfirmBalancePayment({
  room,
  balances,
  pending,
  onBack,
  onConfirm,
}: {
  room: Room;
  balances: JoinBalances;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { fromCashback, fromSaldo } = balanceSplit(room.valorEntrada, balances);
  return (
    <>
      <DialogHeading
        title="Confirmar pagamento"
        description={<>Pagar {formatBRL(room.valorEntrada)} com o seu Saldo?</>}
      />
      <dl className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            Entrada na <RoomName room={room} />
          </dt>
          <dd className="font-semibold tabular-nums">{formatBRL(room.valorEntrada)}</dd>
        </div>
        {fromCashback > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Do Cashback</dt>
            <dd className="tabular-nums">{formatBRL(fromCashback)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Do Saldo</dt>
          <dd className="tabular-nums">{formatBRL(fromSaldo)}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        O valor sai na hora e sua vaga é confirmada imediatamente.
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          Voltar
        </Button>
        <Button type="button" onClick={onConfirm} disabled={pending}>
          {pending ? 'Processando...' : 'Confirmar pagamento'}
        </Button>
      </DialogFooter>
    </>
  );
}
