import { formatDateTime, type DeliveryLogItem } from '@sorteio/shared';
import { MessageSquare } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { isApiError } from '@/lib/api-client';
import { usePhoneMessages } from '../api/list-phone-messages';

const channelLabel: Record<DeliveryLogItem['channel'], string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/**
 * The SMS and WhatsApp the platform would have sent, kept locally while a channel has no provider
 * (docs/decisions/012-sms-whatsapp.md). Hidden when the server has no such outbox.
 */
export function PhoneOutbox() {
  const messages = usePhoneMessages();
  if (messages.isPending) return null;
  if (messages.isError) {
    if (isApiError(messages.error) && messages.error.status === 404) return null;
    return (
      <p role="alert" className="text-sm text-destructive">
        Erro ao carregar SMS e WhatsApp: {messages.error.message}
      </p>
    );
  }
  return (
    <section aria-labelledby="phone-outbox-title" className="flex flex-col gap-3">
      <h2 id="phone-outbox-title" className="flex items-center gap-2 text-xl font-semibold">
        <MessageSquare aria-hidden="true" className="size-5" />
        SMS e WhatsApp
      </h2>
      {messages.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma mensagem SMS ou WhatsApp ainda.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border bg-card">
          {messages.data.map((message) => (
            <li key={message.id} className="flex flex-col gap-1 p-4 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{channelLabel[message.channel]}</Badge>
                <span className="font-medium tabular-nums">{message.toPhone}</span>
                <span className="text-muted-foreground">{formatDateTime(message.queuedAt)}</span>
              </div>
              <p className="break-words whitespace-pre-line">{message.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
