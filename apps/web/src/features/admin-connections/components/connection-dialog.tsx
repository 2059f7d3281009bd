import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Connection,
  type SaveConnectionFormInput,
  type SaveConnectionInput,
  connectionTypes,
  integrationMessages,
  saveConnectionFormSchema,
  webhookEventLabels,
  webhookEvents,
} from '@sorteio/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, SelectField, TextareaField, firstErrorMessage } from '@/components/form-field';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useSaveConnection } from '../api/save-connection';

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
  const { register, handleSubmit, watch } = useForm<
    SaveConnectionFormInput,
    unknown,
    SaveConnectionInput
  >({
    resolver: zodResolver(saveConnectionFormSchema),
    defaultValues: {
      connection_name: editing?.connection_name ?? '',
      connection_type: editing?.connection_type ?? 'api',
      service_name: editing?.service_name ?? '',
      config_data: editing
        ? JSON.stringify(editing.config_data, null, 2)
        : '{\n  "url": "https://"\n}',
      is_active: editing?.is_active ?? true,
      events: editing?.events ?? [],
    },
  });
  const type = watch('connection_type');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const onSubmit = handleSubmit(
    (input) => {
      setError(null);
      save.mutate(
        { id: editing?.id ?? null, input },
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
    },
    (errors) => setError(firstErrorMessage(errors) ?? integrationMessages.connectionRequired),
  );

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="max-h-[90vh] overflow-y-auto">
      <DialogHeading
        title={editing ? 'Editar conexão' : 'Nova conexão'}
        description={
          <>
            Segredos da configuração (senhas, tokens) são guardados criptografados e mostrados
            mascarados.
          </>
        }
      />
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
        <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <InputField
            id="conn-name"
            label="Nome da conexão"
            registration={register('connection_name')}
          />
          <SelectField id="conn-type" label="Tipo" registration={register('connection_type')}>
            {connectionTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <InputField id="conn-service" label="Serviço" registration={register('service_name')} />
          <TextareaField
            id="conn-config"
            label="Configuração (JSON)"
            controlClassName="min-h-28 font-mono"
            registration={register('config_data')}
          />
          {type === 'webhook' && (
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium">Eventos</legend>
              {webhookEvents.map((ev) => (
                <label key={ev} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={ev} {...register('events')} />
                  {webhookEventLabels[ev]}
                </label>
              ))}
            </fieldset>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('is_active')} />
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
    </DialogShell>
  );
}
