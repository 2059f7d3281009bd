import { useState } from 'react';
import {
  type Ticket,
  type TicketMessage,
  formatDateTime,
  ticketStatusLabels,
} from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { cn } from '@/lib/utils';
import { useReplyToTicket, useTickets } from '../api/tickets';

const statusVariant = { aberto: 'warning', respondido: 'success', fechado: 'secondary' } as const;

const authorLabel = (m: TicketMessage) =>
  m.author === 'staff'
    ? `Atendente${m.authorName ? ` ${m.authorName}` : ''}`
    : m.author === 'player'
      ? 'Você'
      : m.author === 'chat_user'
        ? 'Você (no chat)'
        : 'Chat de suporte';

/** The player's tickets with the staff answers ('Meus atendimentos'). */
export function TicketsCard({ userId }: { userId: string }) {
  const tickets = useTickets(userId);
  return (
    <Card id="meus-atendimentos">
      <CardHeader>
        <CardTitle className="text-lg">Meus atendimentos</CardTitle>
        <CardDescription>
          As respostas da equipe aparecem aqui e também chegam por e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {tickets.isPending ? (
          <p className="text-sm text-muted-foreground">Carregando atendimentos...</p>
        ) : tickets.isError ? (
          <p className="text-sm text-destructive">Erro ao carregar atendimentos.</p>
        ) : tickets.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nenhum atendimento. Use &quot;Falar com um atendente&quot; no chat.
          </p>
        ) : (
          tickets.data.map((t) => <TicketItem key={t.id} ticket={t} />)
        )}
      </CardContent>
    </Card>
  );
}

function TicketItem({ ticket }: { ticket: Ticket }) {
  const [reply, setReply] = useState('');
  const mutation = useReplyToTicket();
  const { notify } = useNotifications();
  // The chat transcript is context for the staff; the player sees the exchange itself.
  const shown = ticket.messages.filter((m) => m.author === 'player' || m.author === 'staff');
  return (
    <article className="rounded-lg border p-3" aria-label={`Atendimento: ${ticket.subject}`}>
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-medium wrap-anywhere">{ticket.subject}</h3>
        <Badge variant={statusVariant[ticket.status]}>{ticketStatusLabels[ticket.status]}</Badge>
      </header>
      <ol className="flex flex-col gap-2">
        {shown.map((m) => (
          <li
            key={m.id}
            className={cn(
              'rounded-md px-3 py-2 text-sm',
              m.author === 'staff' ? 'bg-primary/10' : 'bg-muted/50',
            )}
          >
            <p className="text-xs text-muted-foreground">
              {authorLabel(m)} · {formatDateTime(m.createdAt)}
            </p>
            <p className="wrap-anywhere whitespace-pre-line">{m.body}</p>
          </li>
        ))}
      </ol>
      {ticket.status !== 'fechado' ? (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reply.trim()) return;
            mutation.mutate(
              { ticketId: ticket.id, message: reply },
              {
                onSuccess: () => setReply(''),
                onError: (error) =>
                  notify({ type: 'error', title: 'Erro ao enviar', message: error.message }),
              },
            );
          }}
        >
          <label htmlFor={`reply-${ticket.id}`} className="sr-only">
            Responder
          </label>
          <Textarea
            id={`reply-${ticket.id}`}
            rows={2}
            maxLength={4000}
            placeholder="Escreva uma resposta..."
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
          <Button type="submit" disabled={mutation.isPending || reply.trim() === ''}>
            Responder
          </Button>
        </form>
      ) : null}
    </article>
  );
}
