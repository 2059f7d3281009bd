import {
  type TargetCriteria,
  campaignTemplateVariables,
  defaultTargetCriteria,
  integrationMessages,
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
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useAudience, useCreateCampaign, usePreview } from '../api/campaigns';

const num = (text: string) =>
  Number.isFinite(Number(text)) ? Math.max(0, Math.round(Number(text))) : 0;

export function CreateCampaignDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { notify } = useNotifications();
  const create = useCreateCampaign();
  const audience = useAudience();
  const preview = usePreview();
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [template, setTemplate] = useState(
    'Olá {{nome}}! Faz {{dias_inativo}} dias que você não participa. Já foram {{participacoes}} participações e {{total_ganho}} em prêmios. Que tal voltar?',
  );
  const [days, setDays] = useState(String(defaultTargetCriteria.days_inactive));
  const [minPart, setMinPart] = useState(String(defaultTargetCriteria.min_participations));
  const [lastWin, setLastWin] = useState(String(defaultTargetCriteria.last_win_days));
  const [spendMin, setSpendMin] = useState(String(defaultTargetCriteria.spending_range.min / 100));
  const [spendMax, setSpendMax] = useState(String(defaultTargetCriteria.spending_range.max / 100));
  const criteria = (): TargetCriteria => ({
    days_inactive: num(days),
    min_participations: num(minPart),
    last_win_days: num(lastWin),
    spending_range: { min: num(spendMin) * 100, max: num(spendMax) * 100 },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !template.trim()) {
      notify({
        type: 'error',
        title: integrationMessages.campaignCreateError,
        message: integrationMessages.campaignRequired,
      });
      return;
    }
    create.mutate(
      {
        campaign_name: name,
        email_subject: subject || undefined,
        email_template: template,
        target_criteria: criteria(),
      },
      {
        onSuccess: () => {
          notify({ type: 'success', title: integrationMessages.campaignCreated });
          onOpenChange(false);
        },
        onError: (e) =>
          notify({
            type: 'error',
            title: integrationMessages.campaignCreateError,
            message: isApiError(e) ? e.message : String(e),
          }),
      },
    );
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode="numeric" value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Nova Campanha</DialogTitle>
          <DialogDescription>
            Variáveis do modelo: {campaignTemplateVariables.map((v) => `{{${v}}}`).join(', ')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor="camp-name">Nome da campanha</Label>
            <Input id="camp-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="camp-subject">Assunto do e-mail</Label>
            <Input id="camp-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="camp-template">Modelo do e-mail</Label>
            <textarea
              id="camp-template"
              className="min-h-28 rounded-md border bg-card p-2 text-sm"
              value={template}
              onChange={(e) => setTemplate(e.target.value)}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            {field('camp-days', 'Dias inativo', days, setDays)}
            {field('camp-min', 'Mín. participações', minPart, setMinPart)}
            {field('camp-win', 'Sem vitória há (dias)', lastWin, setLastWin)}
            {field('camp-spend-min', 'Gasto mínimo (R$)', spendMin, setSpendMin)}
            {field('camp-spend-max', 'Gasto máximo (R$)', spendMax, setSpendMax)}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => audience.mutate(criteria())}>
              Ver público
            </Button>
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
          </div>
          {audience.data && (
            <p role="status" className="text-sm">
              {audience.data.matching} jogadores atendem ao critério; {audience.data.withConsent}{' '}
              aceitaram receber e-mails.
            </p>
          )}
          {preview.data && (
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
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Criando...' : 'Criar Campanha'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
