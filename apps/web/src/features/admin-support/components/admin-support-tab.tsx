import { useState } from 'react';
import { type TicketStatus, can, formatDateTime, ticketStatusLabels } from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { useQueue } from '../api/get-support-queue';
import { TicketDetail } from './ticket-detail';

const filters: { id: TicketStatus | 'todos'; label: string }[] = [
  { id: 'aberto', label: 'Aguardando' },
  { id: 'respondido', label: 'Respondidos' },
  { id: 'fechado', label: 'Encerrados' },
  { id: 'todos', label: 'Todos' },
];
const statusVariant = { aberto: 'warning', respondido: 'success', fechado: 'secondary' } as const;
/** The 'Suporte' tab of /admin: the queue of player tickets (support, attendant and admin). */
export default function AdminSupportTab() {
  const { user } = useAuth();
  const [status, setStatus] = useState<TicketStatus | 'todos'>('aberto');
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useQueue(status);
  const allowed = can(user?.role, 'support.tickets');

  // grid-cols-1 + min-w-0: a hash quoted in a ticket wraps instead of widening the page.
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-lg">Fila de atendimentos</CardTitle>
          <CardDescription>Os mais antigos aguardando aparecem primeiro.</CardDescription>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Filtrar por situação">
            {filters.map((f) => (
              <Button
                key={f.id}
                size="sm"
                variant={status === f.id ? 'default' : 'outline'}
                aria-pressed={status === f.id}
                onClick={() => setStatus(f.id)}
              >
                {f.label}
              </Button>
            ))}
          </div>
        </CardHeader>
        <CardContent>
          {queue.isPending ? (
            <p className="text-sm text-muted-foreground">Carregando...</p>
          ) : queue.isError ? (
            <p className="text-sm text-destructive">{queue.error.message}</p>
          ) : queue.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum atendimento nesta situação.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {queue.data.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(t.id)}
                    className={cn(
                      'w-full rounded-md border p-3 text-left hover:bg-muted/50',
                      selected === t.id && 'border-primary bg-primary/5',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="min-w-0 font-medium wrap-anywhere">{t.subject}</span>
                      <Badge variant={statusVariant[t.status]}>
                        {ticketStatusLabels[t.status]}
                      </Badge>
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {t.userName ?? t.userEmail} · {formatDateTime(t.updatedAt)}
                    </span>
                    <span className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
                      {t.lastMessage}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="min-w-0 lg:col-span-3">
        {selected ? (
          <TicketDetail id={selected} canAnswer={allowed} />
        ) : (
          <Card>
            <CardContent className="py-10 text-center text-sm text-muted-foreground">
              Selecione um atendimento para ver a conversa e responder.
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
