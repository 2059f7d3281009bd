import { formatBRL, formatDateTime, roomTypeLabel, type PublicWinner } from '@sorteio/shared';
import { Trophy } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useWinners } from '../api/list-winners';
import { WinnerProofLink } from './winner-proof-link';

function WinnerItem({ winner }: { winner: PublicWinner }) {
  const room = `Sala ${roomTypeLabel(winner.tipoSala)}`;
  const when = formatDateTime(winner.data);
  return (
    <li className="flex flex-col gap-2 border-b px-4 py-3 last:border-b-0">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{winner.nome}</span>
        <span className="shrink-0 font-semibold text-success tabular-nums">
          {formatBRL(winner.premio)}
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>
          <span className="capitalize">{room}</span> ·{' '}
          <time dateTime={winner.data} className="tabular-nums">
            {when}
          </time>
        </span>
        <WinnerProofLink drawId={winner.sorteioId} context={`da ${room} de ${when}`} />
      </div>
    </li>
  );
}

/** The latest winners of public rooms, newest first. */
export function RecentWinners() {
  const winners = useWinners();
  return (
    <section aria-labelledby="ganhadores-recentes" className="flex flex-col gap-3">
      <h2 id="ganhadores-recentes" className="text-lg font-semibold">
        Ganhadores recentes
      </h2>
      {winners.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Carregando ganhadores..." showLabel />
        </div>
      ) : winners.isError ? (
        <LoadError
          title={`Erro ao buscar ganhadores: ${winners.error.message}`}
          onRetry={() => void winners.refetch()}
        />
      ) : winners.data.length === 0 ? (
        <Card className="items-center gap-2 px-6 py-10 text-center">
          <Trophy aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">Nenhum sorteio realizado ainda.</p>
        </Card>
      ) : (
        <Card className="gap-0 py-0">
          <ul aria-labelledby="ganhadores-recentes">
            {winners.data.map((w) => (
              <WinnerItem key={w.sorteioId} winner={w} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
