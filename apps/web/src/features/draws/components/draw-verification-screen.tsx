import { roomPagePath } from '@sorteio/shared';
import { ArrowLeft, SearchX, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useDrawProof } from '../api/get-draw-proof';
import { useMySeat } from '../api/get-my-seat';
import { useProofVerification } from '../hooks/use-proof-verification';
import { EntrantsList, ProofFields } from './proof-fields';
import { VerificationBanner, VerificationChecks } from './verification-result';
import { DownloadProofButton, VerifyYourself } from './verify-yourself';

export const DRAW_VERIFICATION_TITLE = 'Verificação do sorteio';
export const DRAW_NOT_FOUND_TEXT = 'Sorteio não encontrado.';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function BackToList() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
      <Link to="/sorteios">
        <ArrowLeft aria-hidden="true" />
        Todos os sorteios
      </Link>
    </Button>
  );
}

function LoadingProof() {
  return (
    <div className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        Carregando a prova do sorteio...
      </span>
      <Skeleton className="h-16 w-full" />
      {Array.from({ length: 7 }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

function NotFound() {
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-semibold">{DRAW_NOT_FOUND_TEXT}</p>
      <p className="text-sm text-muted-foreground">
        Confira o endereço ou procure o sorteio na lista de sorteios realizados.
      </p>
      <Button asChild>
        <Link to="/sorteios">Ver sorteios realizados</Link>
      </Button>
    </Card>
  );
}

/**
 * /sorteios/:id: the published proof of one draw, re-verified here with the shared verifier
 * (DESIGN.md section 5, step 7). The result shown comes from this browser's own computation.
 */
/** For a player who held a seat in the drawn room: the way back to that room. */
function MyRoomLink({ roomId }: { roomId: string }) {
  const { user } = useAuth();
  const seat = useMySeat(roomId, user?.id ?? null);
  if (!seat.data?.participation) return null;
  return (
    <Button asChild variant="outline" size="sm" className="w-fit">
      <Link to={roomPagePath({ id: roomId })}>Ver a sala da minha participação</Link>
    </Button>
  );
}

export function DrawVerificationScreen({ id }: { id: string }) {
  const proof = useDrawProof(id);
  const verification = useProofVerification(proof.data);

  let body: ReactNode;
  if (proof.isPending) {
    body = <LoadingProof />;
  } else if (proof.isError) {
    // 400 is the server's answer to an id that is not a UUID: no draw has it either.
    const notFound =
      isApiError(proof.error) && (proof.error.status === 404 || proof.error.status === 400);
    body = notFound ? (
      <NotFound />
    ) : (
      <LoadError
        title="Erro ao carregar a prova do sorteio"
        message={proof.error.message}
        onRetry={() => void proof.refetch()}
      />
    );
  } else {
    let result: ReactNode;
    if (verification.isSuccess) {
      result = (
        <>
          <VerificationBanner report={verification.data} />
          <VerificationChecks report={verification.data} />
        </>
      );
    } else if (verification.isError) {
      result = (
        <Alert variant="warning">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Não foi possível verificar neste navegador.</AlertTitle>
          <AlertDescription>
            <p>
              A verificação usa a criptografia do navegador (WebCrypto), disponível apenas em
              páginas seguras (HTTPS). Baixe a prova e refaça as contas com outra ferramenta,
              seguindo{' '}
              <Link to="/protocolo" className="underline underline-offset-4">
                O protocolo do sorteio
              </Link>
              .
            </p>
          </AlertDescription>
        </Alert>
      );
    } else {
      result = <Spinner label="Verificando no seu navegador..." showLabel />;
    }

    body = (
      <>
        <MyRoomLink roomId={proof.data.room_id} />
        <Section id="verification-result-title" title="Resultado da verificação">
          {result}
          <DownloadProofButton id={id} />
        </Section>
        <Section id="proof-fields-title" title="Dados da prova">
          <Card className="px-4 py-1 sm:px-6">
            <ProofFields proof={proof.data} />
          </Card>
        </Section>
        <Section
          id="entrants-title"
          title={`Participantes (${String(proof.data.entrants.length)})`}
        >
          <p className="text-sm text-muted-foreground">
            Números da sorte das participações confirmadas, na ordem usada no sorteio. Confira se o
            seu está na lista.
          </p>
          <EntrantsList proof={proof.data} />
        </Section>
        <Section id="verify-yourself-title" title="Verifique você mesmo">
          <VerifyYourself />
        </Section>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <BackToList />
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{DRAW_VERIFICATION_TITLE}</h1>
        <p className="mt-1 text-muted-foreground">
          Os dados publicados deste sorteio e todas as verificações, refeitas agora no seu
          navegador.
        </p>
      </div>
      {body}
    </div>
  );
}
