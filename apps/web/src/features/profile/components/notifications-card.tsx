import {
  type NotificationChannel,
  type NotificationPreferences,
  formatDateTime,
  formatE164,
  maskPhone,
  notificationChannelLabels,
  notificationChannels,
  notificationMessages,
  toE164Mobile,
} from '@sorteio/shared';
import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessageOf } from '@/lib/errors';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import { LoadError, LoadingBlock } from './load-states';
import { countOf } from '@/lib/plural';

const channelHelp: Record<NotificationChannel, string> = {
  sms: 'Mensagens de texto no celular.',
  whatsapp: 'Mensagens do Sorteio Certo no seu WhatsApp.',
};

function consentNote(prefs: NotificationPreferences, channel: NotificationChannel): string | null {
  const c = prefs[channel];
  if (!c.changedAt) return null;
  const how = c.source === 'reply' ? 'por resposta à mensagem' : 'no perfil';
  return `${c.optedIn ? 'Autorizado' : 'Desativado'} em ${formatDateTime(c.changedAt)} (${how}).`;
}

/**
 * "Notificações": the phone and one switch per channel. Nothing is sent by SMS or WhatsApp
 * without this consent; replying SAIR to any message turns its channel off.
 */
export function NotificationsCard() {
  const prefs = useNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Notificações</h2>
        </CardTitle>
        <CardDescription>
          Receba por SMS ou WhatsApp a confirmação do seu PIX, o resultado dos sorteios, o pagamento
          de prêmios e saques e os alertas de segurança. Só enviamos pelos canais que você
          autorizar, no máximo {countOf(prefs.data?.dailyLimit ?? 5, 'mensagem', 'mensagens')} por
          dia em cada um (alertas de segurança sempre são enviados).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <LoadingBlock label="Carregando preferências..." />
        ) : prefs.isError ? (
          <LoadError message={prefs.error.message} onRetry={() => void prefs.refetch()} />
        ) : (
          <NotificationsForm prefs={prefs.data} />
        )}
      </CardContent>
    </Card>
  );
}

function NotificationsForm({ prefs }: { prefs: NotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const [phone, setPhone] = useState(prefs.phone ? formatE164(prefs.phone) : '');
  const [channels, setChannels] = useState<Record<NotificationChannel, boolean>>({
    sms: prefs.sms.optedIn,
    whatsapp: prefs.whatsapp.optedIn,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const typed = phone.trim();
    if (typed && !toE164Mobile(typed)) return setProblem(notificationMessages.phoneInvalid);
    if (!typed && (channels.sms || channels.whatsapp))
      return setProblem(notificationMessages.phoneRequired);
    setProblem(null);
    update.mutate(
      { phone: typed || null, ...channels },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => setProblem(errorMessageOf(error) ?? notificationMessages.saveError),
      },
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="notificacoes-celular">Celular (com DDD)</Label>
        <Input
          id="notificacoes-celular"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="Ex.: (11) 91234-5678"
          value={phone}
          aria-invalid={problem === notificationMessages.phoneInvalid || undefined}
          onChange={(e) => setPhone(maskPhone(e.target.value))}
        />
      </div>
      {notificationChannels.map((channel) => {
        const id = `notificacoes-${channel}`;
        const off = !prefs[channel].enabledByPlatform;
        const note = consentNote(prefs, channel);
        return (
          <div
            key={channel}
            className="flex items-start justify-between gap-4 rounded-md border p-3"
          >
            <div className="flex flex-col gap-1">
              <Label htmlFor={id}>{notificationChannelLabels[channel]}</Label>
              <p className="text-sm text-muted-foreground">
                {off
                  ? 'Indisponível no momento: desativado pela plataforma.'
                  : channelHelp[channel]}
              </p>
              {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
            </div>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="mt-1 size-5 accent-primary"
              checked={channels[channel]}
              disabled={off && !channels[channel]}
              onChange={(e) => setChannels((c) => ({ ...c, [channel]: e.target.checked }))}
            />
          </div>
        );
      })}
      <p className="text-sm text-muted-foreground">
        Para parar de receber, desligue o canal aqui ou responda SAIR a qualquer mensagem.
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm text-primary">
          {notificationMessages.saved}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={update.isPending}>
        <Save aria-hidden="true" />
        {update.isPending ? 'Salvando...' : 'Salvar notificações'}
      </Button>
    </form>
  );
}
