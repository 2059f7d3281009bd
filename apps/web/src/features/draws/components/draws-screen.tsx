import {
  formatBRL,
  formatDateTime,
  formatInteger,
  roomTypeLabel,
  type DrawSummary,
} from '@sorteio/shared';
import { CircleCheck, Clock, ShieldCheck, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Fact } from '@/components/fact';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useDraws } from '../api/list-draws';
import { LuckyNumber } from '@/components/lucky-number';

export const DRAWS_TITLE = 'Sorteios verificáveis';
export const NO_DRAWS_TEXT = 'Nenhum sorteio realizado ainda.';

function PrizeStatus({ status }: { status: DrawSummary['statusPagamentoPremio'] }) {
  return status === 'confirmado' ? (
    <Badge variant="success">
      <CircleCheck aria-hidden="true" />
      Pago
    </Badge>
  ) : (
    <Badge variant="secondary">
      <Clock aria-hidden="true" />
      Pendente
    </Badge>
  );
}

function DrawItem({ draw }: { draw: DrawSummary }) {
  const room = roomTypeLabel(draw.tipoSala);
  const when = formatDateTime(draw.timestampSorteio);
  return (
    <li>
      <Card className="gap-4 py-4">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 px-4">
          <h3 className="flex items-center gap-2 font-semibold">
            <Trophy aria-hidden="true" className="size-4 text-primary" />
            <span className="capitalize">Sala {room}</span>
          </h3>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            Prêmio <PrizeStatus status={draw.statusPagamentoPremio} />
          </span>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 px-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Fact label="Número vencedor">
              <LuckyNumber value={draw.numeroVencedor} />
            </Fact>
            <Fact label="Prêmio">{formatBRL(draw.valorPremioLiquido)}</Fact>
            <Fact label="Vencedor">{draw.vencedorPrimeiroNome.trim() || 'Anônimo'}</Fact>
            <Fact label="Data">
              <time dateTime={draw.timestampSorteio}>{when}</time>
            </Fact>
            <Fact label="Participantes">{formatInteger(draw.participantes)}</Fact>
            <Fact label="Hash de prova">
              <code className="font-mono text-xs" title={draw.hashProva}>
                {draw.hashProva.slice(0, 16)}
              </code>
            </Fact>
          </dl>
          <Button asChild size="sm" className="w-full sm:w-fit">
            <Link to={`/sorteios/${draw.id}`}>
              <ShieldCheck aria-hidden="true" />
              Verificar
              <span className="sr-only">
                {' '}
                o sorteio da sala {room} de {when}
              </span>
            </Link>
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}

function HowItWorks() {
  return (
    <Card className="gap-3 px-4 py-4 text-sm sm:px-6">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        Como conferir um sorteio
      </h2>
      <p>
        Quando uma sala abre, publicamos o <strong>compromisso</strong>: a impressão digital
        (SHA-256) de um segredo sorteado, a <strong>semente</strong>, antes de qualquer pessoa
        entrar. Quando a sala fecha, o vencedor é calculado a partir dessa semente e da lista de
        participantes, e a semente é revelada.
      </p>
      <p className="text-muted-foreground">
        Como a semente ficou presa ao compromisso desde o início, ela não pode ser trocada depois, e
        o vencedor sai de uma fórmula pública. Em cada sorteio abaixo, o botão{' '}
        <strong>Verificar</strong> refaz todas as contas no seu navegador. O que isso garante, e o
        que não garante, está em{' '}
        <Link to="/protocolo" className="font-medium text-primary underline underline-offset-4">
          O protocolo do sorteio
        </Link>
        .
      </p>
    </Card>
  );
}

/** /sorteios: every finished draw, newest first, each with a link to its verification. */
export function DrawsScreen() {
  const draws = useDraws();

  let list: ReactNode;
  if (draws.isPending) {
    list = (
      <div className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Carregando sorteios...
        </span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-44 w-full" />
        ))}
      </div>
    );
  } else if (draws.isError && !draws.isFetchNextPageError) {
    list = (
      <LoadError
        title="Erro ao carregar sorteios"
        message={draws.error.message}
        onRetry={() => void draws.refetch()}
      />
    );
  } else {
    const items = draws.data.pages.flatMap((page) => page.items);
    list =
      items.length === 0 ? (
        <EmptyState icon={Trophy} title={NO_DRAWS_TEXT} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((draw) => (
              <DrawItem key={draw.id} draw={draw} />
            ))}
          </ul>
          {draws.isFetchNextPageError && (
            <LoadError
              title="Erro ao carregar mais sorteios"
              message={draws.error?.message}
              onRetry={() => void draws.fetchNextPage()}
            />
          )}
          {draws.hasNextPage && !draws.isFetchNextPageError && (
            <div className="flex justify-center">
              {draws.isFetchingNextPage ? (
                <Spinner label="Carregando mais sorteios..." showLabel />
              ) : (
                <Button variant="outline" onClick={() => void draws.fetchNextPage()}>
                  Carregar mais
                </Button>
              )}
            </div>
          )}
        </>
      );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{DRAWS_TITLE}</h1>
        <p className="mt-1 text-muted-foreground">
          Todos os sorteios realizados, do mais recente, com a prova de cada um.
        </p>
      </div>
      <HowItWorks />
      <section aria-labelledby="draws-list-title" className="flex flex-col gap-3">
        <h2 id="draws-list-title" className="text-lg font-semibold">
          Sorteios realizados
        </h2>
        {list}
      </section>
    </div>
  );
}
