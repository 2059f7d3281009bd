import {
  formatBRL,
  pixMessages,
  roomPagePath,
  roomTypeLabel,
  type ParticipationCharge,
  type PixCharge,
} from '@sorteio/shared';
import { CircleCheck, Info, QrCode, RefreshCw, TimerOff, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LuckyNumber } from '@/components/lucky-number';
import { PixChargeDetails } from '@/components/pix/pix-charge-details';
import { PixStatusIndicator, type PixPageState } from '@/components/pix/pix-status-indicator';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { pixGenerationErrorMessage, usePaymentConfig } from '@/lib/pix/pix-api';
import { usePixChargeWatch } from '@/lib/pix/use-pix-charge-watch';
import { useCreatePixCharge } from '../api/create-pix-charge';
import { useParticipationCharge } from '../api/find-participation-charge';

export const PAYMENT_TITLE = 'Pagamento PIX';
export const SEAT_EXPIRED_MESSAGE = 'O prazo desta reserva terminou e a vaga foi liberada.';

/** A refusal that ends the page's job, as opposed to a failure worth another try. */
type Blocked = { kind: 'seat-expired' } | { kind: 'already-paid'; message: string };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Seat = NonNullable<ParticipationCharge['seat']>;

function SeatFacts({ seat }: { seat: Seat }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="text-xs text-muted-foreground">Seu número da sorte</span>
      <LuckyNumber value={seat.numeroSorte} className="text-xl" />
      <span className="text-sm text-muted-foreground">
        · Sala {capitalised(roomTypeLabel(seat.tipoSala))}
      </span>
    </div>
  );
}

function Summary({
  descricao,
  valor,
  seat,
}: {
  descricao: string;
  valor: number;
  seat: Seat | null;
}) {
  return (
    <dl className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm sm:grid-cols-[1fr_auto]">
      <div className="flex flex-col gap-0.5">
        <dt className="text-xs text-muted-foreground">Descrição</dt>
        <dd className="font-medium">{descricao}</dd>
      </div>
      <div className="flex flex-col gap-0.5 sm:text-right">
        <dt className="text-xs text-muted-foreground">Valor</dt>
        <dd className="text-2xl font-bold tabular-nums">{formatBRL(valor)}</dd>
      </div>
      {seat && (
        <div className="flex flex-col gap-0.5 sm:col-span-2">
          <dt className="text-xs text-muted-foreground">Número da sorte</dt>
          <dd>
            <LuckyNumber value={seat.numeroSorte} className="text-xl" />
          </dd>
        </div>
      )}
    </dl>
  );
}

function Confirmed({ seat }: { seat: Seat | null }) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <CircleCheck aria-hidden="true" className="size-12 text-success" />
      <h2 className="text-xl font-bold">Pagamento Confirmado!</h2>
      <p className="text-sm text-muted-foreground">
        Sua participação está garantida. Boa sorte no sorteio!
      </p>
      {seat && <SeatFacts seat={seat} />}
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild size="lg">
          {/* The room the seat is in; the history when the seat is not known. */}
          <Link
            to={
              seat?.salaId
                ? roomPagePath({ id: seat.salaId, privateRoomId: seat.privateRoomId })
                : '/history'
            }
          >
            Ver minha participação
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/dashboard">Voltar ao Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}

function SeatExpired() {
  return (
    <Alert variant="warning">
      <TimerOff aria-hidden="true" />
      <AlertTitle>{SEAT_EXPIRED_MESSAGE}</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>Se um pagamento desta reserva chegar depois do prazo, o valor vai para o seu Saldo.</p>
        <Button asChild variant="outline" size="sm" className="mt-1">
          <Link to="/participate">Escolher outra sala</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The PIX payment page of spec 000 section 2 for one participation. It shows 'Pagamento
 * confirmado!' only when the server answers that the charge is paid (DESIGN.md section 8).
 */
export function PaymentScreen({
  participacaoId,
  valor,
  descricao,
  onPaid,
}: {
  participacaoId: string;
  /** Centavos, from the page's query (the server charges its own amount). */
  valor: number;
  descricao: string;
  onPaid?: (charge: PixCharge) => void;
}) {
  const { notify } = useNotifications();
  const existing = useParticipationCharge(participacaoId);
  const config = usePaymentConfig();
  const create = useCreatePixCharge();
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const watch = usePixChargeWatch(existing.data?.charge ?? null, onPaid ? { onPaid } : {});
  const seat = existing.data?.seat ?? null;
  const charge = watch.charge;
  const notConfigured = config.data?.configured === false;

  const state: PixPageState = !charge
    ? 'pending'
    : charge.status === 'CONCLUIDA'
      ? 'confirmed'
      : charge.status === 'EXPIRADA'
        ? 'expired'
        : 'checking';

  function generate() {
    create.mutate(
      { participacaoId },
      {
        onSuccess: () => {
          setBlocked(null);
          notify({
            type: 'success',
            title: 'PIX Gerado!',
            message: 'Pague com o QR Code ou o código Copia e Cola.',
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.reason === 'ALREADY_PAID') {
            // Not a failure: the seat is paid (by another charge or from the balance).
            setBlocked({ kind: 'already-paid', message: error.message });
            return;
          }
          if (isApiError(error) && error.reason === 'SEAT_EXPIRED') {
            setBlocked({ kind: 'seat-expired' });
          }
          notify({
            type: 'error',
            title: pixMessages.generationFailed,
            message: pixGenerationErrorMessage(error),
          });
        },
      },
    );
  }

  // After 'Participar' the charge is made at once: no second tap on 'Gerar PIX'. Only once per
  // visit; a failure or an expired charge leaves the button for the player.
  const autoGenerated = useRef(false);
  const canAutoGenerate =
    existing.isSuccess && existing.data.charge === null && config.data?.configured === true;
  useEffect(() => {
    if (!canAutoGenerate || autoGenerated.current) return;
    autoGenerated.current = true;
    generate();
  });

  let body;
  if (blocked?.kind === 'seat-expired') {
    body = <SeatExpired />;
  } else if (blocked?.kind === 'already-paid') {
    body = (
      <Alert variant="info">
        <Info aria-hidden="true" />
        <AlertTitle>{blocked.message}</AlertTitle>
        <AlertDescription>
          <Button asChild variant="outline" size="sm" className="mt-1">
            <Link to="/dashboard">Voltar ao Dashboard</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (existing.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label="Carregando pagamento..." showLabel />
      </div>
    );
  } else if (state === 'confirmed') {
    body = <Confirmed seat={seat} />;
  } else if (state === 'checking' && charge) {
    body = <PixChargeDetails charge={charge} watch={watch} />;
  } else {
    const expired = state === 'expired';
    body = (
      <div className="flex flex-col gap-3">
        {notConfigured && (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden="true" />
            <AlertTitle>{pixMessages.notConfigured}</AlertTitle>
          </Alert>
        )}
        <p className="text-sm text-muted-foreground">
          {expired
            ? 'Se a sua vaga ainda estiver reservada, gere um novo PIX para pagar.'
            : 'Gere o PIX e pague pelo aplicativo do seu banco.'}
        </p>
        <Button
          size="lg"
          className="w-full sm:w-fit"
          disabled={create.isPending || notConfigured}
          onClick={generate}
        >
          {expired ? <RefreshCw aria-hidden="true" /> : <QrCode aria-hidden="true" />}
          {create.isPending ? 'Gerando PIX...' : expired ? 'Gerar novo PIX' : 'Gerar PIX'}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{PAYMENT_TITLE}</h1>
        <p className="mt-1 text-muted-foreground">Pague a sua entrada com PIX.</p>
      </div>
      <Card>
        <CardHeader className="gap-4">
          <Summary descricao={descricao} valor={valor} seat={seat} />
          <PixStatusIndicator state={state} />
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
