import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CampaignChannelSettings,
  type CampaignChannelSettingsFormValues,
  campaignChannelSettingsFormSchema,
  formatDecimalBRL,
  integrationMessages,
} from '@sorteio/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, firstErrorMessage } from '@/components/form-field';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useChannelSettings } from '../api/get-channel-settings';
import { useUpdateChannelSettings } from '../api/update-channel-settings';

function SettingsForm({
  initial,
  onDone,
}: {
  initial: CampaignChannelSettings;
  onDone: () => void;
}) {
  const { notify } = useNotifications();
  const save = useUpdateChannelSettings();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<
    CampaignChannelSettingsFormValues,
    unknown,
    CampaignChannelSettings
  >({
    resolver: zodResolver(campaignChannelSettingsFormSchema),
    defaultValues: {
      email_sender_name: initial.email_sender_name,
      sms_sender_name: initial.sms_sender_name,
      sms_sender_number: initial.sms_sender_number,
      quiet_hours_start: initial.quiet_hours_start,
      quiet_hours_end: initial.quiet_hours_end,
      frequency_cap_per_week: String(initial.frequency_cap_per_week),
      email_cost: formatDecimalBRL(initial.email_cost_centavos),
      sms_cost: formatDecimalBRL(initial.sms_cost_centavos),
    },
  });
  const onSubmit = handleSubmit(
    (input) => {
      setError(null);
      save.mutate(input, {
        onSuccess: () => {
          notify({ type: 'success', title: integrationMessages.settingsSaved });
          onDone();
        },
        onError: (e) =>
          notify({
            type: 'error',
            title: integrationMessages.settingsSaveError,
            message: isApiError(e) ? e.message : String(e),
          }),
      });
    },
    (errors) => setError(firstErrorMessage(errors) ?? integrationMessages.campaignRequired),
  );
  const input = (
    id: string,
    label: string,
    key: keyof CampaignChannelSettingsFormValues,
    type = 'text',
  ) => <InputField id={id} label={label} type={type} registration={register(key)} />;
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" noValidate>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Remetentes</legend>
        {input('ch-email-name', 'Nome do remetente (e-mail)', 'email_sender_name')}
        {input('ch-sms-name', 'Remetente do SMS (até 11 letras)', 'sms_sender_name')}
        {input('ch-sms-number', 'Número do remetente (SMS)', 'sms_sender_number')}
      </fieldset>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-medium">Horário de silêncio (Brasília)</legend>
        {input('ch-quiet-start', 'Início do silêncio', 'quiet_hours_start', 'time')}
        {input('ch-quiet-end', 'Fim do silêncio', 'quiet_hours_end', 'time')}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {input('ch-cap', 'Limite por jogador por semana', 'frequency_cap_per_week')}
        {input('ch-email-cost', 'Custo por e-mail (R$)', 'email_cost')}
        {input('ch-sms-cost', 'Custo por SMS (R$)', 'sms_cost')}
      </div>
      <p className="text-xs text-muted-foreground">
        SMS disparados no horário de silêncio aguardam o fim dele. O limite semanal conta as
        mensagens de todas as campanhas, de e-mail e de SMS.
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Salvando...' : 'Salvar'}
      </Button>
    </form>
  );
}

/** 'Configurar': the channels' defaults. */
export function ChannelSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const settings = useChannelSettings(open);
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="max-h-[90vh] overflow-y-auto">
      <DialogHeading
        title="Configurar canais"
        description="Padrões de envio das campanhas de e-mail e SMS."
      />
      {settings.data ? (
        <SettingsForm initial={settings.data} onDone={() => onOpenChange(false)} />
      ) : settings.isError ? (
        <p role="alert">{settings.error.message}</p>
      ) : (
        <Spinner label="Carregando configurações" showLabel />
      )}
    </DialogShell>
  );
}
