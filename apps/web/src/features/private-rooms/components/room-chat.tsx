import { CHAT_MAX, formatTime } from '@sorteio/shared';
import { MessageCircle, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useLiveStatus } from '@/lib/realtime/live-provider';
import { cn } from '@/lib/utils';
import { useMessages } from '../api/list-messages';
import { useSendMessage } from '../api/send-message';

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The room chat of spec 001 section 2 (members only). */
export function RoomChat({
  roomId,
  roomName,
  currentUserId,
}: {
  roomId: string;
  roomName: string;
  currentUserId: string | null;
}) {
  const live = useLiveStatus();
  const messages = useMessages(roomId, true);
  const send = useSendMessage();
  const { notify } = useNotifications();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  useEffect(() => {
    // Newest message in view (spec: autoscroll).
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  function submit() {
    const message = text.trim();
    if (message === '' || send.isPending) return;
    send.mutate(
      { roomId, message },
      {
        onSuccess: () => {
          setText('');
        },
        onError: (error) => {
          notify({ type: 'error', title: 'Erro ao enviar mensagem', message: error.message });
        },
      },
    );
  }

  const connected = live === 'open';
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <MessageCircle aria-hidden="true" className="size-5" />
          <h2>Chat - {roomName}</h2>
        </CardTitle>
        <Badge variant={connected ? 'success' : 'secondary'}>
          {connected ? 'Conectado' : 'Desconectado'}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div
          ref={listRef}
          className="flex h-80 flex-col gap-2 overflow-y-auto rounded-lg border bg-muted/30 p-3"
          role="log"
          aria-label="Mensagens do chat"
        >
          {messages.isPending ? (
            <div className="flex flex-1 items-center justify-center">
              <Spinner label="Carregando mensagens..." showLabel />
            </div>
          ) : messages.isError ? (
            <p className="m-auto text-sm text-destructive">{messages.error.message}</p>
          ) : count === 0 ? (
            <div className="m-auto text-center text-sm text-muted-foreground">
              <p className="font-medium">Nenhuma mensagem ainda</p>
              <p>Seja o primeiro a conversar!</p>
            </div>
          ) : (
            messages.data.map((m) => {
              const own = m.userId === currentUserId;
              return (
                <div
                  key={m.id}
                  data-own={own}
                  className={cn('flex', own ? 'justify-end' : 'justify-start')}
                >
                  <div
                    className={cn(
                      'max-w-[80%] rounded-lg px-3 py-2 text-sm',
                      own ? 'bg-primary text-primary-foreground' : 'bg-card border',
                    )}
                  >
                    {!own && <p className="text-xs font-semibold">{firstName(m.authorName)}</p>}
                    <p className="break-words whitespace-pre-wrap">{m.message}</p>
                    {/* No opacity: a faded time fails AA contrast on both bubbles. */}
                    <p
                      className={cn(
                        'mt-1 text-right text-[0.7rem]',
                        own ? 'text-primary-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {formatTime(m.createdAt)}
                    </p>
                  </div>
                </div>
              );
            })
          )}
        </div>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Input
            aria-label="Mensagem"
            placeholder="Digite sua mensagem..."
            maxLength={CHAT_MAX}
            value={text}
            disabled={send.isPending}
            onChange={(event) => {
              setText(event.target.value);
            }}
          />
          <Button
            type="submit"
            size="icon"
            aria-label="Enviar mensagem"
            disabled={send.isPending || text.trim() === ''}
          >
            <Send aria-hidden="true" />
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
