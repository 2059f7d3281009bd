import { countOf } from '@sorteio/shared/wording';
import { formatBRL, roomTypeLabel, type Rankings } from '@sorteio/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useRankings } from '../api/get-rankings';
import { currentMonth, monthLabel, shiftMonth } from '../lib/months';
import { WinnerProofLink } from './winner-proof-link';

function Position({ value }: { value: number }) {
  return (
    <span
      aria-label={`${value}º lugar`}
      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-bold text-secondary-foreground tabular-nums"
    >
      {value}º
    </span>
  );
}

function RankingCard({
  id,
  title,
  empty,
  children,
  count,
}: {
  id: string;
  title: string;
  empty: string;
  children: React.ReactNode;
  count: number;
}) {
  return (
    <Card className="gap-0 py-0">
      <h3 id={id} className="border-b px-4 py-3 font-semibold">
        {title}
      </h3>
      {count === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol aria-labelledby={id}>{children}</ol>
      )}
    </Card>
  );
}

function BiggestPrizes({ rankings }: { rankings: Rankings }) {
  return (
    <RankingCard
      id="ranking-premios"
      title="Maiores prêmios"
      empty="Nenhum sorteio neste mês ainda."
      count={rankings.maioresPremios.length}
    >
      {rankings.maioresPremios.map((w) => {
        const room = `Sala ${roomTypeLabel(w.tipoSala)}`;
        return (
          <li
            key={w.sorteioId}
            className="flex items-center gap-3 border-b px-4 py-2 last:border-b-0"
          >
            <Position value={w.posicao} />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium [overflow-wrap:anywhere]">{w.nome}</span>
              <span className="text-xs text-muted-foreground capitalize">{room}</span>
            </div>
            <div className="flex shrink-0 flex-col items-end">
              <span className="font-semibold text-success tabular-nums">{formatBRL(w.premio)}</span>
              <WinnerProofLink drawId={w.sorteioId} context={`do ${w.posicao}º maior prêmio`} />
            </div>
          </li>
        );
      })}
    </RankingCard>
  );
}

function MostEntries({ rankings }: { rankings: Rankings }) {
  return (
    <RankingCard
      id="ranking-participacoes"
      title="Mais participações"
      empty="Nenhuma participação neste mês ainda."
      count={rankings.maisParticipacoes.length}
    >
      {rankings.maisParticipacoes.map((p) => (
        <li
          key={p.posicao}
          className="flex min-h-11 items-center gap-3 border-b px-4 py-2 last:border-b-0"
        >
          <Position value={p.posicao} />
          <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{p.nome}</span>
          <span className="shrink-0 text-sm tabular-nums">
            {countOf(p.participacoes, 'participação', 'participações')}
          </span>
        </li>
      ))}
    </RankingCard>
  );
}

/** The month's rankings (Brasília calendar), with the months before it one tap away. */
export function MonthlyRankings() {
  const thisMonth = currentMonth();
  const [month, setMonth] = useState(thisMonth);
  const rankings = useRankings(month === thisMonth ? undefined : month);
  const label = monthLabel(month);
  return (
    <section aria-labelledby="rankings-titulo" className="flex flex-col gap-3">
      <div className="flex flex-col gap-2">
        <h2 id="rankings-titulo" className="text-lg font-semibold">
          Rankings do mês
        </h2>
        <div className="flex items-center justify-between gap-2 rounded-lg border bg-card px-1 py-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-11"
            aria-label="Mês anterior"
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p aria-live="polite" className="text-sm font-medium">
            {label}
          </p>
          <Button
            variant="ghost"
            size="icon"
            className="size-11"
            aria-label="Próximo mês"
            disabled={month >= thisMonth}
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {rankings.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Carregando rankings..." showLabel />
        </div>
      ) : rankings.isError ? (
        <LoadError
          title={`Erro ao buscar rankings: ${rankings.error.message}`}
          onRetry={() => void rankings.refetch()}
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <BiggestPrizes rankings={rankings.data} />
          <MostEntries rankings={rankings.data} />
        </div>
      )}
    </section>
  );
}
