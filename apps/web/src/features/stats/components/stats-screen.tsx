import { formatBRL, formatInteger, formatPercent, type Stats } from '@sorteio/shared';
import {
  ChartColumn,
  Percent,
  PiggyBank,
  Ticket,
  TrendingDown,
  TrendingUp,
  Trophy,
  Wallet,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BackButton } from '@/components/back-button';
import { LoadError } from '@/components/load-error';
import { EmptyState } from '@/components/empty-state';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useStats } from '../api/get-stats';

export const STATS_TITLE = 'Minhas Estatísticas';

// recharts is large: it loads after the figures are on screen.
const MonthlyChart = lazy(() =>
  import('./stats-charts').then((m) => ({ default: m.MonthlyChart })),
);
const RoomTypeChart = lazy(() =>
  import('./stats-charts').then((m) => ({ default: m.RoomTypeChart })),
);
const WinRateChart = lazy(() =>
  import('./stats-charts').then((m) => ({ default: m.WinRateChart })),
);

function SummaryCards({ stats }: { stats: Stats | undefined }) {
  const profit = stats?.lucroPrejuizo ?? 0;
  return (
    <section aria-label="Resumo" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <SummaryCard
        icon={Ticket}
        label="Participações"
        value={stats && formatInteger(stats.totalParticipacoes)}
      />
      <SummaryCard icon={Trophy} label="Vitórias" value={stats && formatInteger(stats.vitorias)} />
      <SummaryCard
        icon={Percent}
        label="Taxa de vitória"
        value={stats && formatPercent(stats.taxaVitoria)}
      />
      <SummaryCard
        icon={PiggyBank}
        label="Investido"
        value={stats && formatBRL(stats.investidoTotal)}
      />
      <SummaryCard icon={Wallet} label="Ganho" value={stats && formatBRL(stats.totalGanho)} />
      <SummaryCard
        icon={profit < 0 ? TrendingDown : TrendingUp}
        label="Lucro/Prejuízo"
        value={stats && formatBRL(stats.lucroPrejuizo)}
        valueClassName={profit < 0 ? 'text-destructive' : 'text-success'}
      />
    </section>
  );
}

function ChartSkeletons() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Skeleton className="h-80 w-full lg:col-span-2" />
      <Skeleton className="h-80 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/** Personal statistics (spec 000 section 2) with the player's real figures. */
export function StatsScreen() {
  const stats = useStats();

  let charts;
  if (stats.isPending) {
    charts = (
      <>
        <span className="sr-only" role="status">
          Carregando estatísticas...
        </span>
        <ChartSkeletons />
      </>
    );
  } else if (stats.isError) {
    charts = (
      <LoadError
        title="Erro ao carregar estatísticas"
        message={stats.error.message}
        onRetry={() => void stats.refetch()}
      />
    );
  } else if (stats.data.totalParticipacoes === 0 && stats.data.porMes.length === 0) {
    charts = (
      <EmptyState
        icon={ChartColumn}
        title="Ainda não há estatísticas"
        description="Seus gráficos aparecem aqui depois da primeira participação confirmada."
      >
        <Button asChild>
          <Link to="/participate">Participar de um sorteio</Link>
        </Button>
      </EmptyState>
    );
  } else {
    charts = (
      <Suspense fallback={<ChartSkeletons />}>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="lg:col-span-2">
            <MonthlyChart porMes={stats.data.porMes} />
          </div>
          <RoomTypeChart porTipo={stats.data.porTipo} />
          <WinRateChart stats={stats.data} />
        </div>
      </Suspense>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <BackButton />
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{STATS_TITLE}</h1>
        <p className="mt-1 text-muted-foreground">
          Seus números atualizados automaticamente a cada 30 segundos.
        </p>
      </div>
      {!stats.isError && <SummaryCards stats={stats.data} />}
      {charts}
    </div>
  );
}
