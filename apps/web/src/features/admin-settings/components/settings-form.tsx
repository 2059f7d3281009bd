/**
 * The Config. tab (spec 001 "Admin settings tab", section 9 defaults): five sub-tabs, stored,
 * audited and enforced by the server. Card and boleto are 'Em desenvolvimento' and not
 * selectable; beside SMS and WhatsApp, how each channel delivers now (its provider or the local
 * outbox), as the server reports it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type NotificationChannel,
  type SystemSettings,
  type UpdateSettingsFormInput,
  type UpdateSettingsInput,
  channelProviderLabels,
  formatBRL,
  integrationMessages,
  updateSettingsFormSchema,
} from '@sorteio/shared';
import type { ReactNode } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { InputField, firstErrorMessage } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useChannelDelivery } from '../api/get-channel-delivery';
import { useSaveSettings } from '../api/save-settings';

/** The channel's real delivery path, or nothing while it is unknown (never a guess). */
function ChannelState({ channel }: { channel: NotificationChannel }) {
  const delivery = useChannelDelivery();
  const provider = delivery.data?.find((d) => d.channel === channel)?.provider;
  if (!provider) return null;
  return (
    <Badge variant={provider === 'outbox' ? 'outline' : 'success'}>
      {channelProviderLabels[provider]}
    </Badge>
  );
}

function Toggle({
  id,
  label,
  registration,
  disabled,
  note,
}: {
  id: string;
  label: string;
  /** The setting it edits; none for a switch shown off and disabled. */
  registration?: UseFormRegisterReturn;
  disabled?: boolean;
  note?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
      <Label htmlFor={id} className="flex flex-wrap items-center gap-2">
        {label}
        {note}
      </Label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="size-5 accent-primary"
        disabled={disabled}
        {...(registration ?? { checked: false, readOnly: true })}
      />
    </div>
  );
}

/** Reais as the form shows them (without the currency sign). */
/** The numeric fields of the "Taxas" tab. */
const feeFields = [
  { id: 'set-fee', label: 'Taxa da plataforma (%)', name: 'platformFee' },
  { id: 'set-min-withdraw', label: 'Saque mínimo (R$)', name: 'minWithdraw' },
  { id: 'set-max-withdraw', label: 'Saque máximo (R$)', name: 'maxWithdraw' },
] as const;

/** The numeric fields of the "Segurança" tab. */
const securityFields = [
  { id: 'set-password-min', label: 'Tamanho mínimo da senha', name: 'passwordMinLength' },
  {
    id: 'set-session-timeout',
    label: 'Tempo limite da sessão (horas)',
    name: 'sessionTimeoutHours',
  },
] as const;

/** The channels of the "Notificações" tab; SMS and WhatsApp show whether a provider is set up. */
const notificationToggles = [
  { id: 'set-email', label: 'Notificações por e-mail', name: 'emailNotifications', channel: null },
  { id: 'set-sms', label: 'Notificações por SMS', name: 'smsNotifications', channel: 'sms' },
  {
    id: 'set-whatsapp',
    label: 'Notificações por WhatsApp',
    name: 'whatsappNotifications',
    channel: 'whatsapp',
  },
] as const;

const reais = (centavos: number) => formatBRL(centavos).replace(/^R\$\s/, '');

function formValues(s: SystemSettings): UpdateSettingsFormInput {
  return {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    maintenanceMode: s.maintenanceMode,
    allowPrivateAddresses: s.allowPrivateAddresses,
    platformFee: String(s.platformFeeBp / 100),
    minWithdraw: reais(s.minWithdrawCentavos),
    maxWithdraw: reais(s.maxWithdrawCentavos),
    emailNotifications: s.emailNotifications,
    smsNotifications: s.smsNotifications,
    whatsappNotifications: s.whatsappNotifications,
    twoFactorRequired: s.twoFactorRequired,
    passwordMinLength: String(s.passwordMinLength),
    sessionTimeoutHours: String(s.sessionTimeoutHours),
    pixEnabled: s.pixEnabled,
  };
}

export function SettingsForm({
  initial,
  canManage,
}: {
  initial: SystemSettings;
  canManage: boolean;
}) {
  const { notify } = useNotifications();
  const save = useSaveSettings();
  const { register, handleSubmit } = useForm<UpdateSettingsFormInput, unknown, UpdateSettingsInput>(
    {
      resolver: zodResolver(updateSettingsFormSchema),
      // Follows the stored settings when they are read again.
      values: formValues(initial),
    },
  );
  const decimalFields = (fields: typeof feeFields | typeof securityFields) =>
    fields.map(({ id, label, name }) => (
      <InputField
        key={id}
        id={id}
        label={label}
        inputMode="decimal"
        registration={register(name)}
      />
    ));
  const fail = (message: string) =>
    notify({ type: 'error', title: integrationMessages.settingsSaveError, message });

  const onSave = handleSubmit(
    (input) =>
      save.mutate(input, {
        onSuccess: () => notify({ type: 'success', title: integrationMessages.settingsSaved }),
        onError: (error) =>
          fail(isApiError(error) ? (error.issues?.[0]?.message ?? error.message) : String(error)),
      }),
    (errors) => fail(firstErrorMessage(errors) ?? 'Valores inválidos.'),
  );
  const inDevelopment = <Badge variant="secondary">{integrationMessages.inDevelopment}</Badge>;
  return (
    <form
      onSubmit={(event) => void onSave(event)}
      className="flex flex-col gap-4"
      aria-label="Configurações do sistema"
      noValidate
    >
      <Tabs defaultValue="geral">
        <TabsList>
          <TabsTrigger value="geral">Geral</TabsTrigger>
          <TabsTrigger value="taxas">Taxas</TabsTrigger>
          <TabsTrigger value="notificacoes">Notificações</TabsTrigger>
          <TabsTrigger value="seguranca">Segurança</TabsTrigger>
          <TabsTrigger value="pagamentos">Pagamentos</TabsTrigger>
        </TabsList>
        <TabsContent value="geral" className="flex flex-col gap-4 pt-4">
          <InputField id="set-site-name" label="Nome do site" registration={register('siteName')} />
          <InputField
            id="set-site-description"
            label="Descrição do site"
            registration={register('siteDescription')}
          />
          <Toggle
            id="set-maintenance"
            label="Modo de manutenção"
            registration={register('maintenanceMode')}
          />
          <Toggle
            id="set-private-addresses"
            label="Permitir endereços locais (conexões e webhooks)"
            registration={register('allowPrivateAddresses')}
          />
        </TabsContent>
        <TabsContent value="taxas" className="grid gap-4 pt-4 sm:grid-cols-3">
          {decimalFields(feeFields)}
        </TabsContent>
        <TabsContent value="notificacoes" className="flex flex-col gap-3 pt-4">
          {notificationToggles.map(({ id, label, name, channel }) => (
            <Toggle
              key={id}
              id={id}
              label={label}
              registration={register(name)}
              {...(channel ? { note: <ChannelState channel={channel} /> } : {})}
            />
          ))}
        </TabsContent>
        <TabsContent value="seguranca" className="flex flex-col gap-4 pt-4">
          <Toggle
            id="set-2fa"
            label="2FA obrigatório para a equipe"
            registration={register('twoFactorRequired')}
          />
          <div className="grid gap-4 sm:grid-cols-2">{decimalFields(securityFields)}</div>
        </TabsContent>
        <TabsContent value="pagamentos" className="flex flex-col gap-3 pt-4">
          <Toggle id="set-pix" label="PIX" registration={register('pixEnabled')} />
          <Toggle id="set-card" label="Cartão de crédito" disabled note={inDevelopment} />
          <Toggle id="set-boleto" label="Boleto" disabled note={inDevelopment} />
        </TabsContent>
      </Tabs>
      {canManage && (
        <Button type="submit" disabled={save.isPending} className="self-start">
          {save.isPending ? 'Salvando...' : 'Salvar configurações'}
        </Button>
      )}
    </form>
  );
}
