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
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BackButton } from '@/components/back-button';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
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

function SummaryCard({
  icon: Icon,
  label,
  value,
  valueClassName,
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  valueClassName?: string;
}) {
  return (
    <Card className="gap-2 px-4 py-4">
      <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </span>
      {value === undefined ? (
        <Skeleton className="h-7 w-20" />
      ) : (
        <span className={cn('text-xl font-bold tabular-nums sm:text-2xl', valueClassName)}>
          {value}
        </span>
      )}
    </Card>
  );
}

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
      <Card className="items-center px-6 py-12 text-center">
        <ChartColumn aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-lg font-semibold">Ainda não há estatísticas</p>
        <p className="text-sm text-muted-foreground">
          Seus gráficos aparecem aqui depois da primeira participação confirmada.
        </p>
        <Button asChild>
          <Link to="/participate">Participar de um sorteio</Link>
        </Button>
      </Card>
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
