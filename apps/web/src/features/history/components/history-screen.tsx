import {
  formatBRL,
  formatDate,
  formatDateTime,
  formatInteger,
  formatPercent,
  roomPagePath,
  roomTypeLabel,
  type History,
  type HistoryItem,
} from '@sorteio/shared';
import { History as HistoryIcon, Percent, Ticket, Trophy, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Fact } from '@/components/fact';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paymentPageUrl } from '@/lib/payment-url';
import { useHistory } from '../api/get-history';
import { HistoryBadges } from './history-badges';
import { LuckyNumber } from '@/components/lucky-number';
import { EmptyState } from '@/components/empty-state';
import { SummaryCard } from '@/components/summary-card';

export const HISTORY_TITLE = 'Histórico';

function SummaryCards({ history }: { history: History | undefined }) {
  return (
    <section aria-label="Resumo" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <SummaryCard
        icon={Ticket}
        label="Total de participações"
        value={history && formatInteger(history.totalParticipacoes)}
      />
      <SummaryCard
        icon={Trophy}
        label="Vitórias"
        value={history && formatInteger(history.vitorias)}
      />
      <SummaryCard
        icon={Percent}
        label="Taxa de vitória"
        value={history && formatPercent(history.taxaVitoria)}
      />
      <SummaryCard
        icon={Wallet}
        label="Total ganho"
        value={history && formatBRL(history.totalGanho)}
      />
    </section>
  );
}

function HistoryEntry({ item }: { item: HistoryItem }) {
  const { participation, room, draw } = item;
  const canPay =
    participation.statusPagamento === 'pendente' &&
    participation.metodoPagamento === 'pix' &&
    participation.expiresAt !== null &&
    Date.parse(participation.expiresAt) > Date.now();
  return (
    <li>
      <Card className="gap-4 py-4">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 px-4">
          <h3 className="font-semibold capitalize">Sala {roomTypeLabel(room.tipoSala)}</h3>
          <HistoryBadges item={item} />
        </CardHeader>
        <CardContent className="flex flex-col gap-3 px-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Fact label="Número da sorte">
              <LuckyNumber value={participation.numeroSorte} />
            </Fact>
            <Fact label="Valor pago">{formatBRL(participation.valorPago)}</Fact>
            <Fact label={participation.ehVencedor ? 'Prêmio recebido' : 'Prêmio'}>
              {participation.ehVencedor ? (
                <span className="text-success">+ {formatBRL(room.premioLiquido)}</span>
              ) : (
                formatBRL(room.premioLiquido)
              )}
            </Fact>
            <Fact label="Data">
              <time dateTime={participation.createdAt}>{formatDate(participation.createdAt)}</time>
            </Fact>
          </dl>
          {draw && (
            <Link
              to={`/sorteios/${draw.id}`}
              className="grid grid-cols-2 gap-3 rounded-lg border bg-muted/40 p-3 text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-3"
            >
              <span className="flex flex-col gap-0.5">
                <span className="text-xs text-muted-foreground">Número vencedor</span>
                <LuckyNumber value={draw.numeroVencedor} />
              </span>
              <span className="flex flex-col gap-0.5">
                <span className="text-xs text-muted-foreground">Data do sorteio</span>
                <time dateTime={draw.timestampSorteio}>
                  {formatDateTime(draw.timestampSorteio)}
                </time>
              </span>
              <span className="col-span-2 flex flex-col gap-0.5 sm:col-span-1">
                <span className="text-xs text-muted-foreground">Prova</span>
                <span className="font-mono">{draw.hashProva.slice(0, 16)}</span>
              </span>
            </Link>
          )}
          <div className="flex flex-wrap gap-2">
            {canPay && (
              <Button asChild size="sm" className="w-fit">
                <Link to={paymentPageUrl(participation, room.tipoSala)}>Pagar agora</Link>
              </Button>
            )}
            <Button asChild size="sm" variant="outline" className="w-fit">
              <Link
                to={roomPagePath(room)}
                aria-label={`Ver a sala ${roomTypeLabel(room.tipoSala)} do número ${participation.numeroSorte}`}
              >
                Ver a sala
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** Participation history (spec 000 section 2). */
export function HistoryScreen() {
  const history = useHistory();

  let list;
  if (history.isPending) {
    list = (
      <div className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Carregando histórico...
        </span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
    );
  } else if (history.isError && !history.isFetchNextPageError) {
    list = (
      <LoadError
        title="Erro ao carregar histórico"
        message={history.error.message}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (!history.data.pages[0]?.items.length) {
    list = (
      <EmptyState
        icon={HistoryIcon}
        title="Nenhuma participação ainda"
        description="Entre em uma sala para receber seu número da sorte."
      >
        <Button asChild>
          <Link to="/participate">Participar de um sorteio</Link>
        </Button>
      </EmptyState>
    );
  } else {
    list = (
      <>
        <ul className="flex flex-col gap-3">
          {history.data.pages.flatMap((page) =>
            page.items.map((item) => <HistoryEntry key={item.participation.id} item={item} />),
          )}
        </ul>
        {history.hasNextPage && (
          <Button
            variant="outline"
            className="w-fit self-center"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
          </Button>
        )}
        {history.isFetchNextPageError && (
          <p role="alert" className="text-center text-sm text-destructive">
            Erro ao carregar mais participações: {history.error.message}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{HISTORY_TITLE}</h1>
        <p className="mt-1 text-muted-foreground">Todas as suas participações, da mais recente.</p>
      </div>
      <SummaryCards history={history.data?.pages[0]} />
      <section aria-labelledby="history-list-title" className="flex flex-col gap-3">
        <h2 id="history-list-title" className="text-lg font-semibold">
          Participações
        </h2>
        {list}
      </section>
    </div>
  );
}
