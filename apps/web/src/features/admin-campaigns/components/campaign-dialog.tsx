import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Campaign,
  type CampaignFormValues,
  type CreateCampaignInput,
  type TargetCriteriaFormValues,
  type UpdateCampaignInput,
  campaignSmsMaxLength,
  campaignTemplateVariables,
  campaignTypeLabels,
  campaignTypes,
  channelOfCampaignType,
  createCampaignFormSchema,
  defaultTargetCriteria,
  formatDecimalBRL,
  integrationMessages,
  targetCriteriaOf,
  updateCampaignFormSchema,
} from '@sorteio/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, SelectField, TextareaField, firstErrorMessage } from '@/components/form-field';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { countOf, plural } from '@/lib/plural';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCreateCampaign } from '../api/create-campaign';
import { usePreview } from '../api/preview-email';
import { useAudience } from '../api/preview-audience';
import { useUpdateCampaign } from '../api/update-campaign';

/** Today in Brasília (UTC-3), as the server counts campaign days. */
const brasiliaToday = (offsetDays = 0) =>
  new Date(Date.now() - 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

const DEFAULT_EMAIL =
  'Olá {{nome}}! Faz {{dias_inativo}} dias que você não participa. Já foram {{participacoes}} participações e {{total_ganho}} em prêmios. Que tal voltar?';
const DEFAULT_SMS = '{{nome}}, faz {{dias_inativo}} dias! Ha salas abertas esperando por voce.';

/** What the form shows: the campaign being edited, or the defaults of a new one. */
function formValuesOf(campaign: Campaign | undefined): CampaignFormValues {
  const c = campaign?.target_criteria ?? defaultTargetCriteria;
  return {
    campaign_type: campaign?.campaign_type ?? 'reactivation',
    campaign_name: campaign?.campaign_name ?? '',
    email_subject: campaign?.email_subject ?? '',
    email_template: campaign?.email_template ?? DEFAULT_EMAIL,
    sms_text: campaign?.sms_text || DEFAULT_SMS,
    start_date: campaign?.start_date ?? brasiliaToday(),
    end_date: campaign?.end_date ?? brasiliaToday(30),
    budget: campaign ? formatDecimalBRL(campaign.budget_centavos) : '0,00',
    days_inactive: String(c.days_inactive),
    min_participations: String(c.min_participations),
    last_win_days: String(c.last_win_days),
    spending_min: String(c.spending_range.min / 100),
    spending_max: String(c.spending_range.max / 100),
  };
}

/** 'Nova campanha' (create) and 'Editar' (edit, when `campaign` is given). */
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
  const { register, handleSubmit, watch, getValues } = useForm<
    CampaignFormValues,
    unknown,
    CreateCampaignInput | UpdateCampaignInput
  >({
    resolver: zodResolver(editing ? updateCampaignFormSchema : createCampaignFormSchema),
    defaultValues: formValuesOf(campaign),
  });
  const type = watch('campaign_type');
  const channel = channelOfCampaignType(type);
  const smsLength = watch('sms_text').length;
  const errorTitle = editing
    ? 'Erro ao atualizar campanha'
    : integrationMessages.campaignCreateError;
  // Shown inside the dialog too: a modal dialog hides the toasts from assistive technology.
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setError(message);
    notify({ type: 'error', title: errorTitle, message });
  };

  const onSubmit = handleSubmit(
    (input) => {
      setError(null);
      const onError = (e: Error) => fail(isApiError(e) ? e.message : String(e));
      if (editing)
        update.mutate(
          { id: campaign.id, input },
          {
            onSuccess: () => {
              notify({ type: 'success', title: 'Campanha atualizada' });
              onOpenChange(false);
            },
            onError,
          },
        );
      else
        create.mutate(input as CreateCampaignInput, {
          onSuccess: () => {
            notify({ type: 'success', title: integrationMessages.campaignCreated });
            onOpenChange(false);
          },
          onError,
        });
    },
    (errors) => {
      // A missing field is said first, before the rules across fields.
      const missing = Object.values(errors).some(
        (e) => e?.message === integrationMessages.campaignRequired,
      );
      fail(
        missing
          ? integrationMessages.campaignRequired
          : (firstErrorMessage(errors) ?? integrationMessages.campaignRequired),
      );
    },
  );
  const field = (id: string, label: string, name: keyof TargetCriteriaFormValues) => (
    <InputField id={id} label={label} inputMode="numeric" registration={register(name)} />
  );
  const pending = create.isPending || update.isPending;
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="max-h-[90vh] overflow-y-auto">
      <DialogHeading
        title={editing ? 'Editar campanha' : 'Nova campanha'}
        description={
          <>Variáveis do modelo: {campaignTemplateVariables.map((v) => `{{${v}}}`).join(', ')}</>
        }
      />
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" noValidate>
        <SelectField
          id="camp-type"
          label="Tipo de campanha"
          disabled={editing}
          registration={register('campaign_type')}
        >
          {campaignTypes.map((t) => (
            <option key={t} value={t}>
              {campaignTypeLabels[t]}
            </option>
          ))}
        </SelectField>
        <InputField
          id="camp-name"
          label="Nome da campanha"
          registration={register('campaign_name')}
        />
        {channel === 'email' ? (
          <>
            <InputField
              id="camp-subject"
              label="Assunto do e-mail"
              registration={register('email_subject')}
            />
            <TextareaField
              id="camp-template"
              label="Modelo do e-mail"
              controlClassName="min-h-28"
              registration={register('email_template')}
            />
          </>
        ) : (
          <TextareaField
            id="camp-sms"
            label="Mensagem SMS"
            maxLength={campaignSmsMaxLength}
            hint={`${smsLength}/${campaignSmsMaxLength} caracteres. Enviada só a quem tem telefone e aceitou receber mensagens.`}
            registration={register('sms_text')}
          />
        )}
        <div className="grid grid-cols-2 gap-3">
          <InputField
            id="camp-start"
            label="Início"
            type="date"
            registration={register('start_date')}
          />
          <InputField
            id="camp-end"
            label="Término"
            type="date"
            registration={register('end_date')}
          />
          <InputField
            id="camp-budget"
            label="Orçamento (R$)"
            inputMode="decimal"
            registration={register('budget')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          {field('camp-days', 'Dias inativo', 'days_inactive')}
          {field('camp-min', 'Mín. participações', 'min_participations')}
          {field('camp-win', 'Sem vitória há (dias)', 'last_win_days')}
          {field('camp-spend-min', 'Gasto mínimo (R$)', 'spending_min')}
          {field('camp-spend-max', 'Gasto máximo (R$)', 'spending_max')}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => audience.mutate({ ...targetCriteriaOf(getValues()), channel })}
          >
            Ver público
          </Button>
          {channel === 'email' && (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                const values = getValues();
                preview.mutate({
                  email_subject: values.email_subject || undefined,
                  email_template: values.email_template,
                  target_criteria: targetCriteriaOf(values),
                });
              }}
            >
              Prévia do e-mail
            </Button>
          )}
        </div>
        {audience.data && (
          <p role="status" className="text-sm">
            {countOf(audience.data.matching, 'jogador atende', 'jogadores atendem')} ao critério;{' '}
            {audience.data.withConsent} {plural(audience.data.withConsent, 'aceitou', 'aceitaram')}{' '}
            {channel === 'sms' ? 'receber mensagens.' : 'receber e-mails.'}
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
          {pending ? 'Salvando...' : editing ? 'Salvar alterações' : 'Criar campanha'}
        </Button>
      </form>
    </DialogShell>
  );
}
