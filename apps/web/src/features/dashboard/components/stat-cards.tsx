import { formatBRL, formatInteger } from '@sorteio/shared';
import {
  Coins,
  PiggyBank,
  TrendingDown,
  TrendingUp,
  Trophy,
  Ticket,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useDashboard } from '../api/get-dashboard';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  valueClassName?: string;
}

function StatCard({ icon: Icon, label, value, valueClassName }: StatCardProps) {
  return (
    <Card className="gap-2 px-4 py-4">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">{label}</span>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      {value === undefined ? (
        <Skeleton className="h-7 w-24" />
      ) : (
        <span className={cn('text-xl font-bold tabular-nums sm:text-2xl', valueClassName)}>
          {value}
        </span>
      )}
    </Card>
  );
}

/**
 * The six performance cards of spec 000 section 2. On error they show zeros (spec 000
 * section 8: dashboard statistics fall back to zeros).
 */
export function DashboardStatCards() {
  const dashboard = useDashboard();
  const loading = dashboard.isPending;
  const d = dashboard.data;
  const money = (value: number | undefined) => (loading ? undefined : formatBRL(value ?? 0));
  const count = (value: number | undefined) => (loading ? undefined : formatInteger(value ?? 0));
  const profit = d?.lucroPrejuizo ?? 0;
  return (
    <section aria-label="Seu desempenho" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <StatCard icon={Coins} label="Pontos Atuais" value={money(d?.pontosAtuais)} />
      <StatCard icon={Ticket} label="Total Participações" value={count(d?.totalParticipacoes)} />
      <StatCard icon={Wallet} label="Total Ganho" value={money(d?.totalGanho)} />
      <StatCard icon={Trophy} label="Vitórias" value={count(d?.vitorias)} />
      <StatCard icon={PiggyBank} label="Investido Total" value={money(d?.investidoTotal)} />
      <StatCard
        icon={profit < 0 ? TrendingDown : TrendingUp}
        label="Lucro/Prejuízo"
        value={money(d?.lucroPrejuizo)}
        valueClassName={profit < 0 ? 'text-destructive' : 'text-success'}
      />
    </section>
  );
}
