import { formatBRL, type DrawSummary, type Participation, type RoomStatus } from '@sorteio/shared';
import { CircleCheck, Clock, PartyPopper, ShieldCheck, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRoomDraw } from '../api/get-room-draw';

/** Statuses in which a room may already have its draw (the status can lag behind the draw). */
const mayHaveDraw: readonly RoomStatus[] = ['fechada', 'sorteando', 'sorteada', 'finalizada'];
const drawnStatuses: readonly RoomStatus[] = ['sorteada', 'finalizada'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

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

function DrawResultCard({ draw, won }: { draw: DrawSummary; won: boolean }) {
  return (
    <section
      aria-labelledby="draw-result-title"
      className="flex flex-col gap-4 rounded-lg border border-primary/40 bg-secondary/40 p-4"
    >
      <h2 id="draw-result-title" className="flex items-center gap-2 text-lg font-semibold">
        <Trophy aria-hidden="true" className="size-5 text-primary" />
        Resultado do sorteio
      </h2>
      {won && (
        <p className="flex items-center gap-2 text-base font-bold text-success">
          <PartyPopper aria-hidden="true" className="size-5" />
          Você ganhou este sorteio!
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Número vencedor">
          <span className="font-mono">{draw.numeroVencedor}</span>
        </Fact>
        <Fact label="Vencedor">{draw.vencedorPrimeiroNome.trim() || 'Anônimo'}</Fact>
        <Fact label="Prêmio">
          <span className="text-success">{formatBRL(draw.valorPremioLiquido)}</span>
        </Fact>
        <Fact label="Pagamento do prêmio">
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
        <Fact label="Hash de prova">
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

/**
 * 'Resultado do sorteio' on a room's page: the winning number, the winner, the prize and its
 * payment, and the way to the proof. Nothing while the room is still open.
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

  if (!enabled) return null;
  if (draw.isPending) return drawn ? <Spinner label="Carregando resultado..." showLabel /> : null;
  if (draw.isError) {
    return drawn ? (
      <LoadError
        title="Erro ao carregar o resultado do sorteio"
        message={draw.error.message}
        onRetry={() => void draw.refetch()}
      />
    ) : null;
  }
  if (!draw.data) {
    return drawn ? (
      <p role="status" className="text-sm text-muted-foreground">
        O resultado será publicado em instantes.
      </p>
    ) : null;
  }
  return <DrawResultCard draw={draw.data} won={isWinner(participation, draw.data)} />;
}
