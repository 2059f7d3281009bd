import { formatDateTime, type OutboxMessageSummary } from '@sorteio/shared';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

export function OutboxList({
  messages,
  selectedId,
}: {
  messages: OutboxMessageSummary[];
  selectedId: string | undefined;
}) {
  if (messages.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-12 text-center text-muted-foreground">
        <Inbox aria-hidden="true" className="size-8" />
        <p className="font-medium text-foreground">Nenhum e-mail enviado ainda</p>
        <p className="text-sm">Os e-mails que a plataforma enviar aparecerão aqui.</p>
      </div>
    );
  }
  return (
    <ul className="divide-y">
      {messages.map((message) => {
        const selected = message.id === selectedId;
        return (
          <li key={message.id}>
            <Link
              to={`/outbox/${encodeURIComponent(message.id)}`}
              aria-current={selected ? 'page' : undefined}
              className={cn(
                'flex flex-col gap-1 px-4 py-3 transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                selected && 'bg-secondary',
              )}
            >
              <span className="truncate text-sm font-semibold">{message.subject}</span>
              <span className="truncate text-sm text-muted-foreground">Para: {message.to}</span>
              <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                {formatDateTime(message.createdAt)}
              </time>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
