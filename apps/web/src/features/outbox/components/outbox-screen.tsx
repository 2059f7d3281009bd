import { Info, MailOpen, RefreshCw } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useOutboxMessages } from '../api/list-outbox-messages';
import { OutboxList } from './outbox-list';
import { OutboxMessageView } from './outbox-message-view';
import { PhoneOutbox } from './phone-outbox';

export const OUTBOX_TITLE = 'Caixa de saída de e-mails';

/** The local mail outbox (DESIGN.md section 1): list on the left, the open message on the right. */
export function OutboxScreen({ selectedId }: { selectedId: string | undefined }) {
  const list = useOutboxMessages();

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{OUTBOX_TITLE}</h1>
          <p className="mt-1 text-muted-foreground">
            E-mails que a plataforma enviou, guardados localmente.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          className="w-fit"
        >
          <RefreshCw aria-hidden="true" className={cn(list.isFetching && 'animate-spin')} />
          Atualizar
        </Button>
      </div>

      <Alert variant="info" role="note">
        <Info aria-hidden="true" />
        <AlertDescription className="text-foreground">
          Esta página existe apenas enquanto nenhum servidor SMTP estiver configurado. Com SMTP
          configurado, os e-mails vão direto para os destinatários e ela deixa de existir.
        </AlertDescription>
      </Alert>

      <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
        <section
          aria-label="E-mails enviados"
          className={cn(
            'overflow-hidden rounded-xl border bg-card lg:max-h-[75vh] lg:overflow-y-auto',
            selectedId && 'hidden lg:block',
          )}
        >
          {list.isPending ? (
            <div className="flex flex-col gap-4 p-4">
              <span role="status" className="sr-only">
                Carregando e-mails...
              </span>
              {Array.from({ length: 4 }, (_, index) => (
                <div key={index} className="flex flex-col gap-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              ))}
            </div>
          ) : list.isError ? (
            <p role="alert" className="p-4 text-sm text-destructive">
              Erro ao carregar os e-mails: {list.error.message}
            </p>
          ) : (
            <OutboxList messages={list.data} selectedId={selectedId} />
          )}
        </section>

        <section
          aria-label="E-mail aberto"
          className={cn('min-w-0 rounded-xl border bg-card', !selectedId && 'hidden lg:block')}
        >
          {selectedId ? (
            <OutboxMessageView key={selectedId} id={selectedId} />
          ) : (
            <div className="flex h-full min-h-64 flex-col items-center justify-center gap-2 p-8 text-center text-muted-foreground">
              <MailOpen aria-hidden="true" className="size-8" />
              <p>Escolha um e-mail da lista para ler.</p>
            </div>
          )}
        </section>
      </div>

      <PhoneOutbox />
    </div>
  );
}
