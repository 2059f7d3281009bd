import {
  type Campaign,
  type CampaignType,
  type TargetCriteria,
  campaignSmsMaxLength,
  campaignTemplateVariables,
  campaignTypeLabels,
  campaignTypes,
  channelOfCampaignType,
  defaultTargetCriteria,
  formatDecimalBRL,
  integrationMessages,
  parseBRL,
} from '@sorteio/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useAudience, useCreateCampaign, usePreview, useUpdateCampaign } from '../api/campaigns';

const num = (text: string) =>
  Number.isFinite(Number(text)) ? Math.max(0, Math.round(Number(text))) : 0;

/** Today in Brasília (UTC-3), as the server counts campaign days. */
const brasiliaToday = (offsetDays = 0) =>
  new Date(Date.now() - 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

const DEFAULT_EMAIL =
  'Olá {{nome}}! Faz {{dias_inativo}} dias que você não participa. Já foram {{participacoes}} participações e {{total_ganho}} em prêmios. Que tal voltar?';
const DEFAULT_SMS = '{{nome}}, faz {{dias_inativo}} dias! Ha salas abertas esperando por voce.';

/** 'Nova Campanha' (create) and 'Editar' (edit, when `campaign` is given). */
export function CampaignDialog({
  open,
  onOpenChange,
  campaign,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaign?: Campaign | undefined;
}) {
  const editing = campaign !== undefined;
  const { notify } = useNotifications();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const audience = useAudience();
  const preview = usePreview();
  const c = campaign?.target_criteria ?? defaultTargetCriteria;
  const [type, setType] = useState<CampaignType>(campaign?.campaign_type ?? 'reactivation');
  const [name, setName] = useState(campaign?.campaign_name ?? '');
  const [subject, setSubject] = useState(campaign?.email_subject ?? '');
  const [template, setTemplate] = useState(campaign?.email_template ?? DEFAULT_EMAIL);
  const [smsText, setSmsText] = useState(campaign?.sms_text || DEFAULT_SMS);
  const [startDate, setStartDate] = useState(campaign?.start_date ?? brasiliaToday());
  const [endDate, setEndDate] = useState(campaign?.end_date ?? brasiliaToday(30));
  const [budget, setBudget] = useState(
    campaign ? formatDecimalBRL(campaign.budget_centavos) : '0,00',
  );
  const [days, setDays] = useState(String(c.days_inactive));
  const [minPart, setMinPart] = useState(String(c.min_participations));
  const [lastWin, setLastWin] = useState(String(c.last_win_days));
  const [spendMin, setSpendMin] = useState(String(c.spending_range.min / 100));
  const [spendMax, setSpendMax] = useState(String(c.spending_range.max / 100));
  const channel = channelOfCampaignType(type);
  const criteria = (): TargetCriteria => ({
    days_inactive: num(days),
    min_participations: num(minPart),
    last_win_days: num(lastWin),
    spending_range: { min: num(spendMin) * 100, max: num(spendMax) * 100 },
  });
  const errorTitle = editing
    ? 'Erro ao atualizar campanha'
    : integrationMessages.campaignCreateError;
  // Shown inside the dialog too: a modal dialog hides the toasts from assistive technology.
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setError(message);
    notify({ type: 'error', title: errorTitle, message });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = channel === 'sms' ? smsText : template;
    const budgetCentavos = parseBRL(budget);
    if (!name.trim() || !body.trim() || !startDate || !endDate || budgetCentavos === null) {
      fail(integrationMessages.campaignRequired);
      return;
    }
    if (endDate < startDate) {
      fail('A data de término deve ser igual ou posterior à data de início.');
      return;
    }
    setError(null);
    const fields = {
      campaign_name: name,
      email_subject: channel === 'email' ? subject : undefined,
      email_template: channel === 'email' ? template : undefined,
      sms_text: channel === 'sms' ? smsText : undefined,
      target_criteria: criteria(),
      budget_centavos: budgetCentavos,
      start_date: startDate,
      end_date: endDate,
    };
    const onError = (e: Error) => fail(isApiError(e) ? e.message : String(e));
    if (editing)
      update.mutate(
        { id: campaign.id, input: fields },
        {
          onSuccess: () => {
            notify({ type: 'success', title: 'Campanha atualizada' });
            onOpenChange(false);
          },
          onError,
        },
      );
    else
      create.mutate(
        { ...fields, campaign_type: type },
        {
          onSuccess: () => {
            notify({ type: 'success', title: integrationMessages.campaignCreated });
            onOpenChange(false);
          },
          onError,
        },
      );
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode="numeric" value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
  const pending = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Editar campanha' : 'Nova Campanha'}</DialogTitle>
          <DialogDescription>
            Variáveis do modelo: {campaignTemplateVariables.map((v) => `{{${v}}}`).join(', ')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-1">
            <Label htmlFor="camp-type">Tipo de campanha</Label>
            <NativeSelect
              id="camp-type"
              value={type}
              disabled={editing}
              onChange={(e) => setType(e.target.value as CampaignType)}
            >
              {campaignTypes.map((t) => (
                <option key={t} value={t}>
                  {campaignTypeLabels[t]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="camp-name">Nome da campanha</Label>
            <Input id="camp-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          {channel === 'email' ? (
            <>
              <div className="flex flex-col gap-1">
                <Label htmlFor="camp-subject">Assunto do e-mail</Label>
                <Input
                  id="camp-subject"
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="camp-template">Modelo do e-mail</Label>
                <Textarea
                  id="camp-template"
                  className="min-h-28"
                  value={template}
                  onChange={(e) => setTemplate(e.target.value)}
                />
              </div>
            </>
          ) : (
            <div className="flex flex-col gap-1">
              <Label htmlFor="camp-sms">Mensagem SMS</Label>
              <Textarea
                id="camp-sms"
                maxLength={campaignSmsMaxLength}
                value={smsText}
                onChange={(e) => setSmsText(e.target.value)}
                aria-describedby="camp-sms-count"
              />
              <p id="camp-sms-count" className="text-xs text-muted-foreground">
                {smsText.length}/{campaignSmsMaxLength} caracteres. Enviada só a quem tem telefone e
                aceitou receber mensagens.
              </p>
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1">
              <Label htmlFor="camp-start">Início</Label>
              <Input
                id="camp-start"
                type="date"
                value={startDate}
                onChange={(e) => setStartDate(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="camp-end">Término</Label>
              <Input
                id="camp-end"
                type="date"
                value={endDate}
                onChange={(e) => setEndDate(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="camp-budget">Orçamento (R$)</Label>
              <Input
                id="camp-budget"
                inputMode="decimal"
                value={budget}
                onChange={(e) => setBudget(e.target.value)}
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {field('camp-days', 'Dias inativo', days, setDays)}
            {field('camp-min', 'Mín. participações', minPart, setMinPart)}
            {field('camp-win', 'Sem vitória há (dias)', lastWin, setLastWin)}
            {field('camp-spend-min', 'Gasto mínimo (R$)', spendMin, setSpendMin)}
            {field('camp-spend-max', 'Gasto máximo (R$)', spendMax, setSpendMax)}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => audience.mutate({ ...criteria(), channel })}
            >
              Ver público
            </Button>
            {channel === 'email' && (
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  preview.mutate({
                    email_subject: subject || undefined,
                    email_template: template,
                    target_criteria: criteria(),
                  })
                }
              >
                Prévia do e-mail
              </Button>
            )}
          </div>
          {audience.data && (
            <p role="status" className="text-sm">
              {audience.data.matching} jogadores atendem ao critério; {audience.data.withConsent}{' '}
              {channel === 'sms' ? 'aceitaram receber mensagens.' : 'aceitaram receber e-mails.'}
            </p>
          )}
          {channel === 'email' && preview.data && (
            <div className="flex flex-col gap-1">
              <p className="text-sm text-muted-foreground">
                Prévia para {preview.data.player ?? 'um jogador de exemplo'}: {preview.data.subject}
              </p>
              <iframe
                title="Prévia do e-mail"
                srcDoc={preview.data.html}
                sandbox=""
                className="h-72 w-full rounded border"
              />
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {errorTitle}: {error}
            </p>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? 'Salvando...' : editing ? 'Salvar alterações' : 'Criar Campanha'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
