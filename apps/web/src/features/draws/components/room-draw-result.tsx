import { formatBRL, type DrawSummary, type Participation, type RoomStatus } from '@sorteio/shared';
import { CircleCheck, Clock, Dices, PartyPopper, ShieldCheck, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Fact } from '@/components/fact';
import { LoadError } from '@/components/load-error';
import { LuckyNumber } from '@/components/lucky-number';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';
import { useRoomDraw } from '../api/get-room-draw';

/** Statuses in which a room may already have its draw (the status can lag behind the draw). */
const mayHaveDraw: readonly RoomStatus[] = ['fechada', 'sorteando', 'sorteada', 'finalizada'];
const drawnStatuses: readonly RoomStatus[] = ['sorteada', 'finalizada'];

/** How long the room's page counts down before it shows a draw that happened while watched. */
export const DRAW_COUNTDOWN_S = 3;

export const WON_TEXT = 'Você ganhou!';
export const LOST_TEXT = 'Não foi desta vez';

/**
 * ehVencedor is set in the same transaction as the draw, but the seat may have been read before
 * it; the published winning number settles it then.
 */
function isWinner(participation: Participation | null | undefined, draw: DrawSummary): boolean {
  if (!participation) return false;
  return (
    participation.ehVencedor ||
    (participation.statusPagamento === 'confirmado' &&
      participation.numeroSorte === draw.numeroVencedor)
  );
}

/** What the draw meant for the person looking: only a paid seat took part in it. */
export type DrawOutcome = 'won' | 'lost' | 'none';

export function drawOutcome(
  participation: Participation | null | undefined,
  draw: DrawSummary,
): DrawOutcome {
  if (isWinner(participation, draw)) return 'won';
  return participation?.statusPagamento === 'confirmado' ? 'lost' : 'none';
}

/**
 * Seconds left before the result shows, or null to show it now. The countdown runs once, when a
 * draw appears on a page that saw the room without one (the room filled while the player
 * watched). A room opened after its draw, or a system set to reduce motion, shows it at once.
 */
export function useDrawCountdown(drawId: string | null, waiting: boolean): number | null {
  const reduced = usePrefersReducedMotion();
  const [sawWaiting, setSawWaiting] = useState(waiting);
  // The draw whose countdown started, and when it ends: it runs once per draw.
  const [counting, setCounting] = useState<{ drawId: string; endsAt: number } | null>(null);
  const [now, setNow] = useState(0);
  if (waiting && !sawWaiting) setSawWaiting(true);
  if (drawId !== null && sawWaiting && !reduced && counting?.drawId !== drawId) {
    const start = Date.now();
    setCounting({ drawId, endsAt: start + DRAW_COUNTDOWN_S * 1000 });
    setNow(start);
  }
  useEffect(() => {
    if (!counting) return undefined;
    // Read from the clock, so a throttled background tab still ends on time.
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= counting.endsAt) clearInterval(timer);
    }, 250);
    return () => {
      clearInterval(timer);
    };
  }, [counting]);
  if (reduced || drawId === null || counting?.drawId !== drawId) return null;
  const left = Math.ceil((counting.endsAt - now) / 1000);
  return left > 0 ? left : null;
}

function DrawCountdown({ seconds }: { seconds: number }) {
  return (
    <section
      aria-labelledby="draw-countdown-title"
      className="flex flex-col items-center gap-2 rounded-lg border border-primary/40 bg-secondary/40 p-6 text-center"
    >
      <h2 id="draw-countdown-title" className="flex items-center gap-2 text-lg font-semibold">
        <Dices aria-hidden="true" className="size-5 text-primary" />
        Sala completa! Sorteando...
      </h2>
      <p role="status" className="flex flex-col items-center gap-1 text-sm text-muted-foreground">
        <span>O resultado sai em</span>
        <span
          key={seconds}
          data-testid="draw-countdown"
          className="animate-zoom-in text-5xl font-bold text-primary tabular-nums"
        >
          {seconds}
        </span>
      </p>
    </section>
  );
}

export function DrawResultCard({ draw, outcome }: { draw: DrawSummary; outcome: DrawOutcome }) {
  return (
    <section
      aria-labelledby="draw-result-title"
      className="flex flex-col gap-4 rounded-lg border border-primary/40 bg-secondary/40 p-4"
    >
      <h2 id="draw-result-title" className="flex items-center gap-2 text-lg font-semibold">
        <Trophy aria-hidden="true" className="size-5 text-primary" />
        Resultado do sorteio
      </h2>
      {outcome !== 'none' && (
        <div role="status" className="flex flex-col gap-1">
          {outcome === 'won' ? (
            <p className="flex items-center gap-2 text-2xl font-bold text-success">
              <PartyPopper aria-hidden="true" className="size-6" />
              {WON_TEXT}
            </p>
          ) : (
            <p className="text-xl font-bold">{LOST_TEXT}</p>
          )}
          <p className="text-sm text-muted-foreground">
            Número vencedor:{' '}
            <LuckyNumber value={draw.numeroVencedor} className="text-base text-foreground" />
          </p>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact strong label="Número vencedor">
          <LuckyNumber value={draw.numeroVencedor} />
        </Fact>
        <Fact strong label="Vencedor">
          {draw.vencedorPrimeiroNome.trim() || 'Anônimo'}
        </Fact>
        <Fact strong label="Prêmio">
          <span className="text-success">{formatBRL(draw.valorPremioLiquido)}</span>
        </Fact>
        <Fact strong label="Pagamento do prêmio">
          {draw.statusPagamentoPremio === 'confirmado' ? (
            <Badge variant="success">
              <CircleCheck aria-hidden="true" />
              Pago
            </Badge>
          ) : (
            <Badge variant="secondary">
              <Clock aria-hidden="true" />
              Pagamento em andamento
            </Badge>
          )}
        </Fact>
        <Fact strong label="Hash de prova">
          <code className="font-mono text-xs font-normal" title={draw.hashProva}>
            {draw.hashProva.slice(0, 16)}
          </code>
        </Fact>
      </dl>
      <Button asChild size="sm" variant="outline" className="w-full sm:w-fit">
        <Link to={`/sorteios/${draw.id}`}>
          <ShieldCheck aria-hidden="true" />
          Verificar sorteio
        </Link>
      </Button>
    </section>
  );
}

interface RevealProps {
  /** The room's draw: null before it happens, undefined while unknown. */
  draw: DrawSummary | null | undefined;
  /** The room is full or closed and its draw is about to run. */
  drawing?: boolean;
  /** The caller's seat in the room, if any. */
  participation: Participation | null | undefined;
}

function RevealView({
  draw,
  drawing = false,
  participation,
  countdown,
}: RevealProps & { countdown: number | null }) {
  if (draw) {
    if (countdown !== null) return <DrawCountdown seconds={countdown} />;
    return <DrawResultCard draw={draw} outcome={drawOutcome(participation, draw)} />;
  }
  if (drawing) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <Dices aria-hidden="true" className="size-4 text-primary" />
        Sala completa! O sorteio vai começar em instantes.
      </p>
    );
  }
  return null;
}

/**
 * The draw moment on a room's page, for public and private rooms alike: when the draw appears
 * while the page is open, a short countdown ('Sorteando...') and then the result, with 'Você
 * ganhou!' or 'Não foi desta vez' for a paid seat. Without a draw it says the room is being drawn
 * (`drawing`) or shows nothing. Keep it mounted while the page shows the room: it remembers
 * whether the room was seen before its draw.
 */
export function DrawReveal({
  waiting,
  ...props
}: RevealProps & {
  /** The page knows the room has no draw yet (still open, or asked and none). */
  waiting: boolean;
}) {
  const countdown = useDrawCountdown(props.draw?.id ?? null, waiting);
  return <RevealView {...props} countdown={countdown} />;
}

/**
 * 'Resultado do sorteio' on a public room's page: the winning number, the winner, the prize and
 * its payment, and the way to the proof, after the countdown when the draw happens on screen.
 * Nothing while the room is still open.
 */
export function RoomDrawResult({
  roomId,
  roomStatus,
  participation,
}: {
  roomId: string;
  roomStatus: RoomStatus;
  /** The caller's seat in the room, if any. */
  participation: Participation | null | undefined;
}) {
  const enabled = mayHaveDraw.includes(roomStatus);
  const drawn = drawnStatuses.includes(roomStatus);
  const draw = useRoomDraw(roomId, { enabled });
  // Known to have no draw yet: the room still takes entries, or the server said there is none.
  const waiting = !enabled || draw.data === null;
  const countdown = useDrawCountdown((enabled && draw.data?.id) || null, waiting);

  if (enabled && draw.isPending && drawn) {
    return <Spinner label="Carregando resultado..." showLabel />;
  }
  if (enabled && draw.isError) {
    return drawn ? (
      <LoadError
        title="Erro ao carregar o resultado do sorteio"
        message={draw.error.message}
        onRetry={() => void draw.refetch()}
      />
    ) : null;
  }
  if (enabled && draw.data === null && drawn) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        O resultado será publicado em instantes.
      </p>
    );
  }
  return (
    <RevealView
      draw={enabled ? draw.data : null}
      drawing={roomStatus === 'sorteando'}
      participation={participation}
      countdown={countdown}
    />
  );
}
