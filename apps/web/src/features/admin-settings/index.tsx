/**
 * The Config. tab (spec 001 "Admin settings tab", section 9 defaults): five sub-tabs, stored,
 * audited and enforced by the server. Card and boleto are 'Em desenvolvimento' and not
 * selectable; beside SMS and WhatsApp, how each channel delivers now (its provider or the local
 * outbox), as the server reports it.
 */
import {
  type NotificationChannel,
  type SystemSettings,
  can,
  channelProviderLabels,
  formatBRL,
  integrationMessages,
  parseBRL,
} from '@sorteio/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useChannelDelivery, useSaveSettings, useSettings } from './api/settings';
import { ReferralsPanel } from './referrals-panel';

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
  checked,
  onChange,
  disabled,
  note,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange?: (value: boolean) => void;
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
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.checked)}
      />
    </div>
  );
}

function NumberField({
  id,
  label,
  value,
  onChange,
  suffix,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  suffix?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        {label}
        {suffix ? ` (${suffix})` : ''}
      </Label>
      <Input id={id} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function SettingsForm({ initial, canManage }: { initial: SystemSettings; canManage: boolean }) {
  const { notify } = useNotifications();
  const save = useSaveSettings();
  const [s, setS] = useState(initial);
  const [fee, setFee] = useState(String(initial.platformFeeBp / 100));
  const [minW, setMinW] = useState(formatBRL(initial.minWithdrawCentavos).replace(/^R\$\s/, ''));
  const [maxW, setMaxW] = useState(formatBRL(initial.maxWithdrawCentavos).replace(/^R\$\s/, ''));
  const [pwd, setPwd] = useState(String(initial.passwordMinLength));
  const [timeout, setTimeoutHours] = useState(String(initial.sessionTimeoutHours));
  useEffect(() => setS(initial), [initial]);
  const set =
    <K extends keyof SystemSettings>(key: K) =>
    (value: SystemSettings[K]) =>
      setS((prev) => ({ ...prev, [key]: value }));

  const onSave = () => {
    const platformFeeBp = Math.round(Number(fee.replace(',', '.')) * 100);
    const minWithdrawCentavos = parseBRL(minW);
    const maxWithdrawCentavos = parseBRL(maxW);
    if (
      !Number.isFinite(platformFeeBp) ||
      minWithdrawCentavos === null ||
      maxWithdrawCentavos === null
    ) {
      notify({
        type: 'error',
        title: integrationMessages.settingsSaveError,
        message: 'Valores inválidos.',
      });
      return;
    }
    const { cardEnabled: _c, boletoEnabled: _b, ...rest } = s;
    save.mutate(
      {
        ...rest,
        platformFeeBp,
        minWithdrawCentavos,
        maxWithdrawCentavos,
        passwordMinLength: Number(pwd),
        sessionTimeoutHours: Number(timeout),
      },
      {
        onSuccess: () => notify({ type: 'success', title: integrationMessages.settingsSaved }),
        onError: (error) =>
          notify({
            type: 'error',
            title: integrationMessages.settingsSaveError,
            message: isApiError(error)
              ? (error.issues?.[0]?.message ?? error.message)
              : String(error),
          }),
      },
    );
  };
  const inDevelopment = <Badge variant="secondary">{integrationMessages.inDevelopment}</Badge>;
  return (
    <div className="flex flex-col gap-4">
      <Tabs defaultValue="geral">
        <TabsList>
          <TabsTrigger value="geral">Geral</TabsTrigger>
          <TabsTrigger value="taxas">Taxas</TabsTrigger>
          <TabsTrigger value="notificacoes">Notificações</TabsTrigger>
          <TabsTrigger value="seguranca">Segurança</TabsTrigger>
          <TabsTrigger value="pagamentos">Pagamentos</TabsTrigger>
        </TabsList>
        <TabsContent value="geral" className="flex flex-col gap-4 pt-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="set-site-name">Nome do site</Label>
            <Input
              id="set-site-name"
              value={s.siteName}
              onChange={(e) => set('siteName')(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="set-site-description">Descrição do site</Label>
            <Input
              id="set-site-description"
              value={s.siteDescription}
              onChange={(e) => set('siteDescription')(e.target.value)}
            />
          </div>
          <Toggle
            id="set-maintenance"
            label="Modo de manutenção"
            checked={s.maintenanceMode}
            onChange={set('maintenanceMode')}
          />
          <Toggle
            id="set-private-addresses"
            label="Permitir endereços locais (conexões e webhooks)"
            checked={s.allowPrivateAddresses}
            onChange={set('allowPrivateAddresses')}
          />
        </TabsContent>
        <TabsContent value="taxas" className="grid gap-4 pt-4 sm:grid-cols-3">
          <NumberField
            id="set-fee"
            label="Taxa da plataforma"
            suffix="%"
            value={fee}
            onChange={setFee}
          />
          <NumberField
            id="set-min-withdraw"
            label="Saque mínimo"
            suffix="R$"
            value={minW}
            onChange={setMinW}
          />
          <NumberField
            id="set-max-withdraw"
            label="Saque máximo"
            suffix="R$"
            value={maxW}
            onChange={setMaxW}
          />
        </TabsContent>
        <TabsContent value="notificacoes" className="flex flex-col gap-3 pt-4">
          <Toggle
            id="set-email"
            label="Notificações por e-mail"
            checked={s.emailNotifications}
            onChange={set('emailNotifications')}
          />
          <Toggle
            id="set-sms"
            label="Notificações por SMS"
            checked={s.smsNotifications}
            onChange={set('smsNotifications')}
            note={<ChannelState channel="sms" />}
          />
          <Toggle
            id="set-whatsapp"
            label="Notificações por WhatsApp"
            checked={s.whatsappNotifications}
            onChange={set('whatsappNotifications')}
            note={<ChannelState channel="whatsapp" />}
          />
        </TabsContent>
        <TabsContent value="seguranca" className="flex flex-col gap-4 pt-4">
          <Toggle
            id="set-2fa"
            label="2FA obrigatório para a equipe"
            checked={s.twoFactorRequired}
            onChange={set('twoFactorRequired')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              id="set-password-min"
              label="Tamanho mínimo da senha"
              value={pwd}
              onChange={setPwd}
            />
            <NumberField
              id="set-session-timeout"
              label="Tempo limite da sessão"
              suffix="horas"
              value={timeout}
              onChange={setTimeoutHours}
            />
          </div>
        </TabsContent>
        <TabsContent value="pagamentos" className="flex flex-col gap-3 pt-4">
          <Toggle id="set-pix" label="PIX" checked={s.pixEnabled} onChange={set('pixEnabled')} />
          <Toggle
            id="set-card"
            label="Cartão de crédito"
            checked={false}
            disabled
            note={inDevelopment}
          />
          <Toggle id="set-boleto" label="Boleto" checked={false} disabled note={inDevelopment} />
        </TabsContent>
      </Tabs>
      {canManage && (
        <Button onClick={onSave} disabled={save.isPending} className="self-start">
          {save.isPending ? 'Salvando...' : 'Salvar Configurações'}
        </Button>
      )}
    </div>
  );
}

export default function AdminSettingsTab() {
  const { user } = useAuth();
  const settings = useSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError)
    return (
      <LoadError
        title="Erro ao carregar as configurações"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <section aria-label="Configurações" className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Configurações do Sistema</h2>
      <SettingsForm initial={settings.data} canManage={can(user?.role, 'settings.manage')} />
      <ReferralsPanel />
    </section>
  );
}
