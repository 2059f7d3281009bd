import { formatInteger } from '@sorteio/shared/format';
import { formatBRL } from '@sorteio/shared/money-format';
import { moneyTerms } from '@sorteio/shared/wording';
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
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useDashboard } from '../api/get-dashboard';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  valueClassName?: string;
  children?: ReactNode;
}

function StatCard({ icon: Icon, label, value, valueClassName, children }: StatCardProps) {
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
      {children}
    </Card>
  );
}

/** 'Pontos Atuais' is the Saldo plus the Cashback: both parts, named as everywhere else. */
function BalanceParts({ saldo, cashback }: { saldo: string; cashback: string }) {
  return (
    <dl className="flex flex-col gap-1 border-t pt-2 text-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <dt>
          <span className="font-medium">{moneyTerms.saldo}</span>{' '}
          <span className="text-muted-foreground">{moneyTerms.saldoMeaning}</span>
        </dt>
        <dd className="font-semibold tabular-nums">{saldo}</dd>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <dt>
          <span className="font-medium">{moneyTerms.cashback}</span>{' '}
          <span className="text-muted-foreground">{moneyTerms.cashbackMeaning}</span>
        </dt>
        <dd className="font-semibold tabular-nums">{cashback}</dd>
      </div>
    </dl>
  );
}

/**
 * The six performance cards of spec 000 section 2. On error they show zeros (spec 000
 * section 8: dashboard statistics fall back to zeros). 'Pontos Atuais' shows its Saldo
 * (withdrawable) and Cashback (credit for entries) parts.
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
      <StatCard icon={Coins} label={moneyTerms.total} value={money(d?.pontosAtuais)}>
        {!loading && (
          <BalanceParts saldo={formatBRL(d?.saldo ?? 0)} cashback={formatBRL(d?.cashback ?? 0)} />
        )}
      </StatCard>
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
