import type { PlatformStats as PlatformFigures } from '@sorteio/shared';
import { formatInteger } from '@sorteio/shared/format';
import { formatBRL } from '@sorteio/shared/money-format';
import { Dices, DoorOpen, HandCoins, Users, type LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';

interface Figure {
  label: string;
  value: string;
  icon: LucideIcon;
}

const gridClass =
  'grid grid-cols-2 gap-3 rounded-2xl border bg-card p-4 shadow-sm sm:p-6 lg:grid-cols-4 lg:gap-6';

/**
 * The figures, skeletons while they load; the section disappears when they cannot be read. The
 * prerendered landing page draws the skeletons and fills them after hydration.
 */
export function PlatformStatsView({
  data,
  isError,
}: {
  data: PlatformFigures | undefined;
  isError: boolean;
}) {
  if (isError) return null;

  const figures: Figure[] | null = data
    ? [
        { label: 'Jogadores cadastrados', value: formatInteger(data.users), icon: Users },
        { label: 'Salas abertas', value: formatInteger(data.openRooms), icon: DoorOpen },
        { label: 'Sorteios realizados', value: formatInteger(data.draws), icon: Dices },
        { label: 'Prêmios pagos', value: formatBRL(data.prizesPaidCentavos), icon: HandCoins },
      ]
    : null;

  return (
    <section aria-labelledby="numeros-titulo" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <h2 id="numeros-titulo" className="sr-only">
        A plataforma em números
      </h2>
      {figures ? (
        <dl className={gridClass}>
          {figures.map(({ label, value, icon: Icon }) => (
            <div key={label} className="flex flex-col gap-1 p-2 sm:p-3">
              <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground sm:text-sm">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {label}
              </dt>
              <dd className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className={gridClass}>
          <span role="status" className="sr-only">
            Carregando números da plataforma...
          </span>
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="flex flex-col gap-2 p-2 sm:p-3">
              <Skeleton className="h-4 w-28 max-w-full" />
              <Skeleton className="h-7 w-20" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
