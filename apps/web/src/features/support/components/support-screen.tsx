import { useState } from 'react';
import { Link } from 'react-router';
import { BookOpen, Mail, MessageCircle, Shield } from 'lucide-react';
import { SUPPORT_HISTORY_MAX, TICKET_MESSAGE_MAX } from '@sorteio/shared';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogFooter } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth/use-auth';
import { contact } from '@/lib/contact';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCreateTicket } from '../api/tickets';
import { type ChatMessage, SupportChat } from './support-chat';
import { TicketsCard } from './tickets-card';

const FAQ = [
  {
    q: 'Como funciona o sorteio?',
    a: 'Quando a sala completa todos os lugares pagos, o sorteio acontece automaticamente. O resultado traz um hash de prova que qualquer pessoa pode conferir na página de sorteios.',
  },
  {
    q: 'Quando recebo meu prêmio?',
    a: 'Logo depois do sorteio, por PIX, na chave cadastrada no seu perfil. Se o envio não for possível, o prêmio vai para o seu saldo.',
  },
  {
    q: 'Como adiciono saldo e faço saques?',
    a: 'Na página Cashback: gere um PIX de recarga para adicionar saldo ou peça o saque por PIX para a sua chave. O cashback pode ser usado em entradas, mas não sacado.',
  },
  {
    q: 'Por que preciso verificar minha identidade?',
    a: 'A plataforma é só para maiores de 18 anos e cada pessoa tem uma única conta. Envie a foto de um documento e uma selfie em Perfil, aba Verificação.',
  },
] as const;

/** Support centre (spec 000 section 2, Support). */
export function SupportScreen() {
  const { user } = useAuth();
  const [conversation, setConversation] = useState<ChatMessage[] | null>(null);
  const [message, setMessage] = useState('');
  const create = useCreateTicket();
  const { notify } = useNotifications();

  function openTicket(messages: ChatMessage[]) {
    const lastQuestion = [...messages].reverse().find((m) => m.isUser)?.text ?? '';
    setMessage(lastQuestion);
    setConversation(messages);
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Central de Suporte</h1>
        <p className="text-muted-foreground">
          Tire suas dúvidas no chat, veja as perguntas frequentes ou fale com a nossa equipe.
        </p>
      </header>
      {/* grid-cols-1 and min-w-0: a long word in a message must not size the column past the screen. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <SupportChat onTalkToAgent={openTicket} />
          {user ? <TicketsCard userId={user.id} /> : null}
        </div>
        <aside className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Links úteis</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Link to="/tutorial" className="flex items-center gap-2 text-primary underline">
                <BookOpen className="size-4" aria-hidden /> Como usar a plataforma
              </Link>
              <Link to="/privacy" className="flex items-center gap-2 text-primary underline">
                <Shield className="size-4" aria-hidden /> Política de Privacidade
              </Link>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Outros canais</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 text-sm">
              <a href={`mailto:${contact.email}`} className="flex items-center gap-2 break-all">
                <Mail className="size-4 shrink-0 text-primary" aria-hidden /> {contact.email}
              </a>
              <a
                href={contact.whatsappLink}
                target="_blank"
                rel="noreferrer"
                className="flex items-center gap-2"
              >
                <MessageCircle className="size-4 shrink-0 text-primary" aria-hidden /> WhatsApp{' '}
                {contact.whatsapp}
              </a>
              <p className="text-muted-foreground">
                Atendimento humano de segunda a sexta, das 9h às 18h (horário de Brasília).
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Perguntas frequentes</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              {FAQ.map((f) => (
                <details key={f.q} className="rounded-md border px-3 py-2">
                  <summary className="cursor-pointer font-medium">{f.q}</summary>
                  <p className="mt-2 text-sm text-muted-foreground">{f.a}</p>
                </details>
              ))}
            </CardContent>
          </Card>
        </aside>
      </div>
      <DialogShell
        open={conversation !== null}
        onOpenChange={(open) => !open && setConversation(null)}
      >
        <DialogHeading
          title="Falar com um atendente"
          description={
            user
              ? 'Descreva o que você precisa. A conversa do chat vai junto, e a resposta chega aqui e por e-mail.'
              : 'Entre na sua conta para abrir um atendimento. Você também pode nos chamar pelo e-mail ou WhatsApp.'
          }
        />
        {user ? (
          <form
            id="ticket-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!message.trim() || !conversation) return;
              create.mutate(
                {
                  message,
                  conversation: conversation
                    .slice(-SUPPORT_HISTORY_MAX * 2)
                    .map((m) => ({ text: m.text, isUser: m.isUser })),
                },
                {
                  onSuccess: () => {
                    setConversation(null);
                    notify({
                      type: 'success',
                      title: 'Atendimento aberto',
                      message: 'Nossa equipe vai responder em breve.',
                    });
                  },
                  onError: (error) =>
                    notify({
                      type: 'error',
                      title: 'Erro ao abrir atendimento',
                      message: error.message,
                    }),
                },
              );
            }}
          >
            <label htmlFor="ticket-message" className="mb-1 block text-sm font-medium">
              Sua mensagem
            </label>
            <Textarea
              id="ticket-message"
              rows={4}
              maxLength={TICKET_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </form>
        ) : null}
        <DialogFooter>
          {user ? (
            <Button
              type="submit"
              form="ticket-form"
              disabled={create.isPending || message.trim() === ''}
            >
              {create.isPending ? 'Enviando...' : 'Enviar para a equipe'}
            </Button>
          ) : (
            <Button asChild>
              <Link to="/login">Entrar</Link>
            </Button>
          )}
        </DialogFooter>
      </DialogShell>
    </div>
  );
}
