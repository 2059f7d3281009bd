import {
  formatBRL,
  pixMessages,
  platformFeeLabel,
  type PixCharge,
  type PrivatePayment,
  type PrivateRoom,
} from '@sorteio/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, QrCode, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PixChargeDetails } from '@/components/pix/pix-charge-details';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { getPixCharge, pixGenerationErrorMessage } from '@/lib/pix/pix-api';
import { usePixChargeWatch } from '@/lib/pix/use-pix-charge-watch';
import { useCreatePixCharge } from '../api/create-pix-charge';
import { usePayWithBalance } from '../api/pay-with-balance';
import { privateRoomKeys } from '../api/private-room-keys';
import { roomDisplayName } from './private-room-card';

const statusBadges = {
  paid: { label: 'Pago', variant: 'success' },
  failed: { label: 'Falhou', variant: 'destructive' },
  pending: { label: 'Pendente', variant: 'warning' },
} as const;

/** Spec 001 section 9: the payment countdown in hours and minutes. */
export function formatHoursMinutes(ms: number): string {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}min`;
}

function useMsUntil(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 30_000);
    return () => {
      clearInterval(timer);
    };
  }, [iso]);
  if (!iso) return null;
  const end = Date.parse(iso);
  return Number.isNaN(end) ? null : end - now;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** 'Pagamento da Participação' (spec 001 section 2); nothing when there is no payment row. */
export function PaymentCard({
  room,
  payment,
  participacaoId,
}: {
  room: PrivateRoom;
  payment: PrivatePayment;
  /** The seat in the room behind this private room: what POST /api/payments/pix charges. */
  participacaoId: string;
}) {
  const { notify } = useNotifications();
  const queryClient = useQueryClient();
  const create = useCreatePixCharge();
  const payBalance = usePayWithBalance();
  const [generated, setGenerated] = useState<PixCharge | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The server's refusal of the payment from the balance, shown in the card.
  const [balanceError, setBalanceError] = useState<string | null>(null);
  const msLeft = useMsUntil(payment.expiresAt);
  const isPending = payment.status === 'pending';
  const isPaid = payment.status === 'paid';

  // A PIX generated earlier (on another visit): show it again rather than a new button.
  const existing = useQuery({
    queryKey: privateRoomKeys.charge(payment.txid ?? ''),
    queryFn: ({ signal }) => getPixCharge(payment.txid ?? '', { signal }),
    enabled: isPending && payment.txid !== null && generated === null,
    retry: false,
  });
  const refreshRoom = () =>
    void queryClient.invalidateQueries({ queryKey: privateRoomKeys.detail(room.id) });
  const watch = usePixChargeWatch(generated ?? existing.data ?? null, { onPaid: refreshRoom });
  const charge = watch.charge;
  const showCharge = !isPaid && charge !== null && charge.status === 'ATIVA';

  function generate() {
    create.mutate(
      { participacaoId },
      {
        onSuccess: (newCharge) => {
          setGenerated(newCharge);
          notify({
            type: 'success',
            title: '✅ PIX gerado!',
            message: 'Use o código PIX para realizar o pagamento',
          });
        },
        onError: (error) => {
          notify({
            type: 'error',
            title: pixMessages.generationFailed,
            message: pixGenerationErrorMessage(error),
          });
        },
      },
    );
  }

  function payFromBalance() {
    setConfirmOpen(false);
    setBalanceError(null);
    payBalance.mutate(room.id, {
      onSuccess: () => {
        notify({
          type: 'success',
          title: 'Pagamento Confirmado!',
          message: 'Sua participação está garantida',
        });
      },
      onError: (error) => {
        setBalanceError(error.message);
      },
    });
  }

  const badge = statusBadges[payment.status];
  // Money leaves the balances at once: the amount is confirmed first.
  const balanceButton = (
    <Button
      variant="outline"
      disabled={payBalance.isPending}
      onClick={() => {
        setBalanceError(null);
        setConfirmOpen(true);
      }}
    >
      <Wallet aria-hidden="true" />
      {payBalance.isPending ? 'Pagando...' : 'Pagar com saldo'}
    </Button>
  );
  const balanceErrorAlert = balanceError && (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>Não foi possível pagar com o saldo</AlertTitle>
      <AlertDescription className="text-foreground">{balanceError}</AlertDescription>
    </Alert>
  );
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">
          <h2>Pagamento da Participação</h2>
        </CardTitle>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <dl className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-4">
          <Row label="Valor da Entrada" value={formatBRL(payment.amount)} />
          {/* The room's own number, the same one the prize is computed with. */}
          <Row label={platformFeeLabel(room.feeBp)} value={formatBRL(payment.platformFee)} />
          <Row label="Prêmio Total" value={formatBRL(room.prizeTotal)} />
        </dl>
        {isPending && msLeft !== null && msLeft > 0 && (
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
            <span>Tempo para pagamento:</span>
            <span className="font-semibold tabular-nums">{formatHoursMinutes(msLeft)}</span>
          </p>
        )}
        {isPaid ? (
          <div className="flex flex-col items-center gap-2 py-2 text-center">
            <CircleCheck aria-hidden="true" className="size-10 text-success" />
            <p className="text-lg font-bold">Pagamento Confirmado!</p>
            <p className="text-muted-foreground">Sua participação está garantida</p>
          </div>
        ) : showCharge ? (
          <div className="flex flex-col gap-3">
            <p className="text-lg font-bold">PIX Gerado!</p>
            <p className="text-muted-foreground">
              Copie o código e use-o no aplicativo do seu banco para pagar.
            </p>
            <PixChargeDetails charge={charge} watch={watch} copiedTitle="Copiado!" />
            {balanceButton}
            {balanceErrorAlert}
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap gap-2">
              <Button disabled={create.isPending} onClick={generate}>
                <QrCode aria-hidden="true" />
                {create.isPending ? 'Gerando PIX...' : 'Gerar Código PIX'}
              </Button>
              {balanceButton}
            </div>
            {balanceErrorAlert}
          </div>
        )}
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title="Confirmar pagamento"
          description={<>Pagar {formatBRL(payment.amount)} com o seu Saldo?</>}
          cancelLabel="Voltar"
          confirmLabel="Confirmar pagamento"
          onConfirm={payFromBalance}
        >
          <p className="text-sm text-muted-foreground">
            Entrada na sala {roomDisplayName(room)}. O Cashback é usado primeiro, depois o Saldo;
            sua vaga é confirmada na hora.
          </p>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
