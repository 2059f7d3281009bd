import { formatInteger } from '@sorteio/shared/format';
import { formatBRL } from '@sorteio/shared/money-format';
import { Banknote, DoorOpen, Sparkles, Users, type LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '../api/get-dashboard';

function LiveStat({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border bg-muted/40 px-3 py-2">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </dt>
      <dd className="text-base font-semibold tabular-nums">
        {value === undefined ? <Skeleton className="h-5 w-12" /> : value}
      </dd>
    </div>
  );
}

/** The platform's live figures above the rooms list (spec 000 section 2). Zeros on error. */
export function LiveStats() {
  const dashboard = useDashboard();
  const live = dashboard.data?.live;
  const loading = dashboard.isPending;
  const count = (value: number | undefined) => (loading ? undefined : formatInteger(value ?? 0));
  return (
    <dl aria-label="Estatísticas ao vivo" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <LiveStat icon={Users} label="Usuários" value={count(live?.usuarios)} />
      <LiveStat icon={DoorOpen} label="Salas abertas" value={count(live?.salasAbertas)} />
      <LiveStat
        icon={Banknote}
        label="Receita total"
        value={loading ? undefined : formatBRL(live?.receitaTotal ?? 0)}
      />
      <LiveStat icon={Sparkles} label="Sorteios" value={count(live?.sorteios)} />
    </dl>
  );
}
