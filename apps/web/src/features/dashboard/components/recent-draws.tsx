import { formatRelative, roomTypeLabel } from '@sorteio/shared/format';
import { formatBRL } from '@sorteio/shared/money-format';
import type { RecentDraw } from '@sorteio/shared/rooms';
import { ChevronRight, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '../api/get-dashboard';

/** Three are shown (spec 000 sections 2 and 9); the query brings up to 6. */
export const RECENT_DRAWS_SHOWN = 3;

function DrawItem({ draw }: { draw: RecentDraw }) {
  const winner = draw.vencedorPrimeiroNome.trim() || 'Anônimo';
  return (
    <li>
      <Link
        to={`/sorteios/${draw.id}`}
        className="flex items-center gap-3 rounded-lg border p-3 transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Trophy aria-hidden="true" className="size-4" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono text-sm font-semibold">#{draw.hashProva.slice(0, 8)}</span>
            <span className="text-sm capitalize text-muted-foreground">
              Sala {roomTypeLabel(draw.tipoSala)}
            </span>
          </div>
          <span className="text-sm">
            <span className="font-medium">{winner}</span> ganhou{' '}
            <span className="font-semibold text-success">{formatBRL(draw.premioLiquido)}</span>
          </span>
        </div>
        <div className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          <time dateTime={draw.timestampSorteio}>{formatRelative(draw.timestampSorteio)}</time>
          <ChevronRight aria-hidden="true" className="size-4" />
        </div>
      </Link>
    </li>
  );
}

/** The latest draws (spec 000 section 2): proof hash prefix, room, prize, winner, time. */
export function RecentDraws() {
  const dashboard = useDashboard();
  const draws = dashboard.data?.recentDraws ?? [];
  const showAll =
    dashboard.data !== undefined &&
    (dashboard.data.hasMoreDraws || draws.length > RECENT_DRAWS_SHOWN);

  let body;
  if (dashboard.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-hidden="true">
        {Array.from({ length: RECENT_DRAWS_SHOWN }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (dashboard.isError) {
    body = (
      <p role="alert" className="py-6 text-center text-sm text-destructive">
        Erro ao carregar sorteios
      </p>
    );
  } else if (draws.length === 0) {
    body = <p className="py-6 text-center text-sm text-muted-foreground">Em breve</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {draws.slice(0, RECENT_DRAWS_SHOWN).map((draw) => (
          <DrawItem key={draw.id} draw={draw} />
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="recent-draws-title" role="region">
      <CardHeader className="flex-row items-center justify-between">
        <h2 id="recent-draws-title" className="text-lg font-semibold">
          Sorteios recentes
        </h2>
        {showAll && (
          <Link
            to="/sorteios"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Ver todos
          </Link>
        )}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
