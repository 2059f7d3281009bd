import { zodResolver } from '@hookform/resolvers/zod';
import {
  type StaffTicket,
  type TicketReplyInput,
  formatDateTime,
  TICKET_MESSAGE_MAX,
  ticketReplyInputSchema,
} from '@sorteio/shared';
import { useForm } from 'react-hook-form';
import { TextareaField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { cn } from '@/lib/utils';
import { useCloseTicket } from '../api/close-ticket';
import { useTicket } from '../api/get-ticket';
import { useReply } from '../api/reply-ticket';

const authorLabel: Record<StaffTicket['messages'][number]['author'], string> = {
  player: 'Jogador',
  staff: 'Equipe',
  chat_user: 'Jogador (no chat)',
  chat_bot: 'Chat de suporte',
};

/** 'Resposta ao jogador', 'Enviar resposta' and 'Encerrar' under an open ticket. */
function ReplyForm({ ticketId }: { ticketId: string }) {
  const reply = useReply();
  const close = useCloseTicket();
  const { notify } = useNotifications();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<TicketReplyInput>({
    resolver: zodResolver(ticketReplyInputSchema),
    defaultValues: { message: '' },
  });
  const blank = watch('message').trim() === '';
  const onSubmit = handleSubmit(({ message }) =>
    reply.mutate(
      { id: ticketId, message },
      {
        onSuccess: () => {
          reset();
          notify({ type: 'success', title: 'Resposta enviada' });
        },
        onError: (error) =>
          notify({ type: 'error', title: 'Erro ao responder', message: error.message }),
      },
    ),
  );
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextareaField
        id="staff-reply"
        label="Resposta ao jogador"
        error={errors.message?.message}
        rows={4}
        maxLength={TICKET_MESSAGE_MAX}
        registration={register('message')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reply.isPending || blank}>
          Enviar resposta
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={close.isPending}
          onClick={() =>
            close.mutate(ticketId, {
              onSuccess: () => notify({ type: 'success', title: 'Atendimento encerrado' }),
            })
          }
        >
          Encerrar
        </Button>
      </div>
    </form>
  );
}

/** One ticket: subject, who opened it, the whole conversation and the reply form. */
export function TicketDetail({ id, canAnswer }: { id: string; canAnswer: boolean }) {
  const ticket = useTicket(id);
  if (ticket.isPending)
    return <p className="text-sm text-muted-foreground">Carregando atendimento...</p>;
  if (ticket.isError) return <p className="text-sm text-destructive">{ticket.error.message}</p>;
  const t = ticket.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg wrap-anywhere">{t.subject}</CardTitle>
        <CardDescription>
          {t.userName ? `${t.userName} · ` : ''}
          {t.userEmail} · aberto em {formatDateTime(t.createdAt)}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ol className="flex flex-col gap-2" aria-label="Mensagens do atendimento">
          {t.messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'rounded-md px-3 py-2 text-sm',
                m.author === 'staff' ? 'bg-primary/10' : 'bg-muted/50',
                m.author.startsWith('chat_') && 'opacity-80',
              )}
            >
              <p className="text-xs text-muted-foreground">
                {m.author === 'staff' && m.authorName
                  ? `Equipe (${m.authorName})`
                  : authorLabel[m.author]}{' '}
                · {formatDateTime(m.createdAt)}
              </p>
              <p className="wrap-anywhere whitespace-pre-line">{m.body}</p>
            </li>
          ))}
        </ol>
        {canAnswer && t.status !== 'fechado' ? <ReplyForm ticketId={t.id} /> : null}
      </CardContent>
    </Card>
  );
}
