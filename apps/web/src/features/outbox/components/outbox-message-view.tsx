import { formatDateTime } from '@sorteio/shared';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-client';
import { useOutboxMessage } from '../api/get-outbox-message';
import { LinkifiedText } from './linkified-text';

function BackToList() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit lg:hidden">
      <Link to="/outbox">
        <ArrowLeft aria-hidden="true" />
        Voltar à lista
      </Link>
    </Button>
  );
}

export function OutboxMessageView({ id }: { id: string }) {
  const { data: message, isPending, isError, error } = useOutboxMessage(id);

  if (isPending) {
    return (
      <div className="flex flex-col gap-3 p-4 sm:p-6">
        <span role="status" className="sr-only">
          Carregando e-mail...
        </span>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-4 h-80 w-full" />
      </div>
    );
  }

  if (isError) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <BackToList />
        <Alert variant="destructive">
          <AlertTitle>
            {notFound ? 'E-mail não encontrado' : 'Erro ao carregar o e-mail'}
          </AlertTitle>
          <AlertDescription>
            {notFound ? 'Este e-mail não está mais na caixa de saída.' : error.message}
          </AlertDescription>
        </Alert>
      </div>
    );
  }

  return (
    <article aria-labelledby="email-assunto" className="flex flex-col gap-4 p-4 sm:p-6">
      <BackToList />
      <header className="flex flex-col gap-1">
        <h2 id="email-assunto" className="text-xl font-semibold break-words">
          {message.subject}
        </h2>
        <p className="text-sm text-muted-foreground">
          Para: <span className="text-foreground">{message.to}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Enviado em <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
      </header>
      <Tabs defaultValue="html">
        <TabsList aria-label="Versão do e-mail">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Texto</TabsTrigger>
        </TabsList>
        <TabsContent value="html" className="flex flex-col gap-2">
          {/* sandbox="" : the mail's HTML runs no script, submits no form, opens nothing. */}
          <iframe
            title={`Versão HTML: ${message.subject}`}
            sandbox=""
            srcDoc={message.html}
            className="h-[65vh] min-h-96 w-full rounded-lg border bg-white"
          />
          <p className="text-xs text-muted-foreground">
            Os links da versão HTML ficam desativados por segurança; use a versão em texto para
            abri-los.
          </p>
        </TabsContent>
        <TabsContent value="text">
          <div className="rounded-lg border bg-card p-4">
            <LinkifiedText text={message.text} />
          </div>
        </TabsContent>
      </Tabs>
    </article>
  );
}
