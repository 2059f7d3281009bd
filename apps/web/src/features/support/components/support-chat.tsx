import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Bot, Headset, Send, User } from 'lucide-react';
import {
  SUPPORT_HISTORY_MAX,
  SUPPORT_MESSAGE_MAX,
  type SupportSource,
  randomCannedAnswer,
  supportMessages,
} from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { contact } from '@/lib/contact';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { cn } from '@/lib/utils';
import { askSupport } from '../api/ask-support';
import { LinkedText } from './linked-text';

/** A chat message as the screen keeps it (spec 000 section 3). */
export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: Date;
  sources?: SupportSource[];
}

export const QUICK_QUESTIONS = [
  'Como participar de um sorteio?',
  'Como adicionar saldo?',
  'Qual é o meu saldo?',
  'Como sacar meu prêmio?',
  'Como conferir um sorteio?',
  'Por que preciso verificar minha identidade?',
] as const;

const greeting: ChatMessage = {
  id: 'greeting',
  text: 'Olá! Sou o suporte do Sorteio Certo. Pergunte sobre PIX, saldo, saques, sorteios ou sua conta.',
  isUser: false,
  timestamp: new Date(),
};

let counter = 0;
const nextId = () => `m${Date.now()}-${(counter += 1)}`;

export function SupportChat({
  onTalkToAgent,
}: {
  /** 'Falar com um atendente' with the conversation so far. */
  onTalkToAgent: (conversation: ChatMessage[]) => void;
}) {
  const [messages, setMessages] = useState<ChatMessage[]>([greeting]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const { notify } = useNotifications();
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages, streaming, pending]);

  async function send(text: string) {
    const message = text.trim();
    // Spec 000 section 5: empty or whitespace-only messages are not sent; one reply at a time.
    if (!message || pending) return;
    const history = messages
      .filter((m) => m.id !== greeting.id)
      .slice(-SUPPORT_HISTORY_MAX)
      .map((m) => ({ text: m.text, isUser: m.isUser }));
    setMessages((list) => [
      ...list,
      { id: nextId(), text: message, isUser: true, timestamp: new Date() },
    ]);
    setDraft('');
    setPending(true);
    setStreaming(null);
    let reply: ChatMessage;
    let basic = false;
    try {
      const answer = await askSupport({ message, conversationHistory: history }, setStreaming);
      basic = answer.engine === 'canned';
      reply = {
        id: nextId(),
        text: answer.response,
        isUser: false,
        timestamp: new Date(),
        sources: answer.sources,
      };
    } catch {
      basic = true;
      reply = {
        id: nextId(),
        text: randomCannedAnswer(contact.whatsapp),
        isUser: false,
        timestamp: new Date(),
      };
    }
    if (basic) {
      setOffline(true);
      notify({
        type: 'warning',
        title: supportMessages.offlineTitle,
        message: supportMessages.offlineBody,
      });
    } else setOffline(false);
    setMessages((list) => [...list, reply]);
    setStreaming(null);
    setPending(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter without Shift sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  }

  return (
    <Card className="flex min-h-[32rem] flex-col">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Bot className="size-5 text-primary" aria-hidden /> Chat de suporte
          </CardTitle>
          <CardDescription>Respostas na hora, com links para a página certa.</CardDescription>
        </div>
        {offline ? (
          <Badge variant="warning" title={supportMessages.offlineBody}>
            {supportMessages.offlineTitle}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <div
          role="log"
          aria-label="Conversa com o suporte"
          aria-live="polite"
          className="flex max-h-[26rem] min-h-64 flex-1 flex-col gap-3 overflow-y-auto rounded-md border bg-muted/30 p-3"
        >
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
          {pending ? (
            streaming ? (
              <MessageBubble
                message={{ id: 'streaming', text: streaming, isUser: false, timestamp: new Date() }}
              />
            ) : (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                <Bot className="size-4 animate-pulse" aria-hidden /> {supportMessages.thinking}
              </p>
            )
          ) : null}
          <div ref={endRef} />
        </div>
        <form
          className="flex min-w-0 items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void send(draft);
          }}
        >
          <label htmlFor="support-message" className="sr-only">
            Sua mensagem
          </label>
          <Textarea
            id="support-message"
            rows={2}
            value={draft}
            maxLength={SUPPORT_MESSAGE_MAX}
            placeholder="Digite sua pergunta..."
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            className="resize-none"
          />
          <Button
            type="submit"
            size="icon"
            aria-label="Enviar"
            disabled={pending || draft.trim() === ''}
          >
            <Send className="size-4" aria-hidden />
          </Button>
        </form>
        <div className="flex flex-col gap-2">
          <p className="text-xs font-medium text-muted-foreground">Perguntas rápidas</p>
          <div className="flex flex-wrap gap-2">
            {QUICK_QUESTIONS.map((q) => (
              <Button
                key={q}
                type="button"
                variant="outline"
                size="sm"
                className="h-auto min-h-9 max-w-full py-1.5 text-left whitespace-normal"
                disabled={pending}
                onClick={() => void send(q)}
              >
                {q}
              </Button>
            ))}
          </div>
        </div>
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          disabled={pending}
          onClick={() => onTalkToAgent(messages.filter((m) => m.id !== greeting.id))}
        >
          <Headset className="size-4" aria-hidden /> Falar com um atendente
        </Button>
      </CardContent>
    </Card>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const Icon = message.isUser ? User : Bot;
  return (
    <div className={cn('flex gap-2', message.isUser ? 'flex-row-reverse' : 'flex-row')}>
      <Icon className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div
        className={cn(
          // A 64-hex hash or a long link has no break point: `wrap-anywhere` lets it wrap and
          // `min-w-0` lets the bubble shrink below that word, so the page never widens on a phone.
          'max-w-[85%] min-w-0 rounded-lg px-3 py-2 text-sm wrap-anywhere whitespace-pre-line',
          message.isUser ? 'bg-primary text-primary-foreground' : 'bg-card shadow-xs',
        )}
      >
        <span className="sr-only">{message.isUser ? 'Você: ' : 'Suporte: '}</span>
        {message.isUser ? message.text : <LinkedText text={message.text} />}
        {message.sources && message.sources.length > 0 ? (
          <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
            {message.sources.map((s) => (
              <Link key={s.href} to={s.href} className="font-medium text-primary underline">
                {s.title}
              </Link>
            ))}
          </span>
        ) : null}
      </div>
    </div>
  );
}
