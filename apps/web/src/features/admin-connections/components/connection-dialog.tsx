import {
  type Connection,
  type ConnectionType,
  type WebhookEvent,
  connectionTypes,
  integrationMessages,
  webhookEventLabels,
  webhookEvents,
} from '@sorteio/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useSaveConnection } from '../api/connections';

export function ConnectionDialog({
  open,
  onOpenChange,
  editing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: Connection | null;
}) {
  const { notify } = useNotifications();
  const save = useSaveConnection();
  const [name, setName] = useState(editing?.connection_name ?? '');
  const [type, setType] = useState<ConnectionType>(editing?.connection_type ?? 'api');
  const [service, setService] = useState(editing?.service_name ?? '');
  const [config, setConfig] = useState(
    editing ? JSON.stringify(editing.config_data, null, 2) : '{\n  "url": "https://"\n}',
  );
  const [active, setActive] = useState(editing?.is_active ?? true);
  const [events, setEvents] = useState<WebhookEvent[]>(editing?.events ?? []);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim() || !service.trim()) {
      setError(integrationMessages.connectionRequired);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(config || '{}');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('not object');
    } catch {
      setError(integrationMessages.connectionInvalidJson);
      return;
    }
    save.mutate(
      {
        id: editing?.id ?? null,
        input: {
          connection_name: name,
          connection_type: type,
          service_name: service,
          config_data: config,
          is_active: active,
          events,
        },
      },
      {
        onSuccess: (saved) => {
          notify({ type: 'success', title: integrationMessages.connectionSaved });
          if (saved.signingSecret) setSecret(saved.signingSecret);
          else onOpenChange(false);
        },
        onError: (e) => {
          const message = isApiError(e) ? e.message : String(e);
          setError(message);
          notify({ type: 'error', title: 'Erro', message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Editar Conexão' : 'Nova Conexão'}</DialogTitle>
          <DialogDescription>
            Segredos da configuração (senhas, tokens) são guardados criptografados e mostrados
            mascarados.
          </DialogDescription>
        </DialogHeader>
        {secret ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              Segredo de assinatura do webhook (mostrado uma única vez; configure-o no receptor):
            </p>
            <code
              className="rounded bg-muted p-2 text-sm break-all"
              aria-label="Segredo de assinatura"
            >
              {secret}
            </code>
            <Button onClick={() => onOpenChange(false)}>Concluir</Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor="conn-name">Nome da conexão</Label>
              <Input id="conn-name" value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="conn-type">Tipo</Label>
              <NativeSelect
                id="conn-type"
                value={type}
                onChange={(e) => setType(e.target.value as ConnectionType)}
              >
                {connectionTypes.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="conn-service">Serviço</Label>
              <Input
                id="conn-service"
                value={service}
                onChange={(e) => setService(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="conn-config">Configuração (JSON)</Label>
              <textarea
                id="conn-config"
                className="min-h-28 rounded-md border bg-card p-2 font-mono text-sm"
                value={config}
                onChange={(e) => setConfig(e.target.value)}
              />
            </div>
            {type === 'webhook' && (
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium">Eventos</legend>
                {webhookEvents.map((ev) => (
                  <label key={ev} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={events.includes(ev)}
                      onChange={(e) =>
                        setEvents((prev) =>
                          e.target.checked ? [...prev, ev] : prev.filter((x) => x !== ev),
                        )
                      }
                    />
                    {webhookEventLabels[ev]}
                  </label>
                ))}
              </fieldset>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={active}
                onChange={(e) => setActive(e.target.checked)}
              />
              Ativa
            </label>
            {error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Salvando...' : 'Salvar'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
