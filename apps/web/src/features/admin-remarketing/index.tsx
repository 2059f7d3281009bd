/**
 * The Marketing tab and /remarketing (spec 001 "Admin remarketing tab" and "Remarketing screen";
 * one implementation): the four summary tiles from real counts (total reach, conversion rate,
 * conversions, investment), 'Filtrar' by status and channel, 'Configurar' the channel defaults,
 * the campaign table with the progress of each period, 'Editar', 'Relatório', the toggle and
 * 'Executar', and 'Nova Campanha' for reactivation, e-mail and SMS campaigns.
 */
import {
  type Campaign,
  type CampaignChannel,
  type CampaignListQuery,
  type CampaignStatus,
  campaignChannelLabels,
  campaignChannels,
  campaignStatusLabels,
  campaignStatuses,
  campaignTypeLabels,
  can,
  formatBRL,
  integrationMessages,
} from '@sorteio/shared';
import { FileText, Filter, Pause, Pencil, Play, Plus, Send, Settings } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCampaignStats, useCampaigns, useRunCampaign, useToggleCampaign } from './api/campaigns';
import { CampaignDialog } from './components/campaign-dialog';
import { CampaignReportDialog } from './components/campaign-report-dialog';
import { ChannelSettingsDialog } from './components/channel-settings-dialog';

const percent = (n: number) => `${n.toFixed(1).replace('.', ',')}%`;
const shortDate = (day: string) => day.split('-').reverse().join('/');

function StatsTiles() {
  const stats = useCampaignStats();
  if (!stats.data) return null;
  const s = stats.data;
  const tiles = [
    ['Alcance total', String(s.reach), 'jogadores que receberam mensagens'],
    ['Taxa de conversão', percent(s.conversionRate), 'participação paga até 7 dias após o envio'],
    ['Conversões', String(s.conversions), `${s.sent} mensagens enviadas`],
    ['Investimento', formatBRL(s.investmentCentavos), `de ${formatBRL(s.budgetCentavos)} orçados`],
  ] as const;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map(([label, value, hint]) => (
          <div key={label} className="rounded-md border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
            <dd className="text-xs text-muted-foreground">{hint}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        {s.campaigns} campanhas ({s.active} ativas). E-mail: abertura{' '}
        {s.sent === 0 ? '0,0%' : percent((s.opened / s.sent) * 100)}, cliques{' '}
        {s.sent === 0 ? '0,0%' : percent((s.clicked / s.sent) * 100)}. Índice de propensão médio{' '}
        {s.averagePropensity.toFixed(1).replace('.', ',')} / 100 (recência, frequência e gasto; não
        é um modelo treinado).
      </p>
    </div>
  );
}

/** The elapsed part of the campaign's period, computed by the server from its dates. */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  return (
    <div className="flex min-w-28 items-center gap-2">
      <div
        role="progressbar"
        aria-label={`Progresso de ${campaign.campaign_name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={campaign.progress}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary" style={{ width: `${campaign.progress}%` }} />
      </div>
      <span className="text-xs tabular-nums">{campaign.progress}%</span>
    </div>
  );
}

function FilterBar({
  filters,
  onChange,
}: {
  filters: CampaignListQuery;
  onChange: (f: CampaignListQuery) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 rounded-md border bg-card p-3 sm:max-w-md">
      <div className="flex flex-col gap-1">
        <Label htmlFor="filter-status">Status</Label>
        <NativeSelect
          id="filter-status"
          value={filters.status ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              status: (e.target.value || undefined) as CampaignStatus | undefined,
            })
          }
        >
          <option value="">Todos</option>
          {campaignStatuses.map((s) => (
            <option key={s} value={s}>
              {campaignStatusLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="filter-channel">Canal</Label>
        <NativeSelect
          id="filter-channel"
          value={filters.channel ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              channel: (e.target.value || undefined) as CampaignChannel | undefined,
            })
          }
        >
          <option value="">Todos</option>
          {campaignChannels.map((c) => (
            <option key={c} value={c}>
              {campaignChannelLabels[c]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

const statusVariant = (s: CampaignStatus) =>
  s === 'active' ? 'success' : s === 'paused' ? 'warning' : 'secondary';

export default function AdminRemarketingTab() {
  const { user } = useAuth();
  const canManage = can(user?.role, 'campaigns.manage');
  const { notify } = useNotifications();
  const [filters, setFilters] = useState<CampaignListQuery>({});
  const [showFilters, setShowFilters] = useState(false);
  const campaigns = useCampaigns(filters);
  const toggle = useToggleCampaign();
  const run = useRunCampaign();
  const [dialog, setDialog] = useState<{ open: boolean; key: number; campaign?: Campaign }>({
    open: false,
    key: 0,
  });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reportId, setReportId] = useState<string | null>(null);
  const openDialog = (campaign?: Campaign) =>
    setDialog((d) => ({ open: true, key: d.key + 1, campaign }));

  if (campaigns.isPending)
    return <Spinner label={integrationMessages.campaignsLoading} showLabel />;
  if (campaigns.isError)
    return (
      <LoadError
        title="Erro ao carregar campanhas"
        message={campaigns.error.message}
        onRetry={() => void campaigns.refetch()}
      />
    );
  const filtered = Boolean(filters.status || filters.channel);
  return (
    <section aria-label="Remarketing" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Remarketing</h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            aria-expanded={showFilters}
            aria-controls="campaign-filters"
            onClick={() => setShowFilters((v) => !v)}
          >
            <Filter aria-hidden="true" />
            Filtrar
          </Button>
          {canManage && (
            <>
              <Button variant="outline" onClick={() => setSettingsOpen(true)}>
                <Settings aria-hidden="true" />
                Configurar
              </Button>
              <Button onClick={() => openDialog()}>
                <Plus aria-hidden="true" />
                Nova Campanha
              </Button>
            </>
          )}
        </div>
      </div>
      {showFilters && (
        <div id="campaign-filters">
          <FilterBar filters={filters} onChange={setFilters} />
        </div>
      )}
      <StatsTiles />
      <ScrollRegion label="Campanhas">
        <table className="w-full text-left text-sm" aria-label="Campanhas">
          <thead>
            <tr className="text-muted-foreground">
              <th className="py-2">Campanha</th>
              <th>Canal</th>
              <th>Status</th>
              <th>Período</th>
              <th>Progresso</th>
              <th>Alcance</th>
              <th>Conversões</th>
              <th>Orçamento</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {campaigns.data.items.length === 0 && (
              <tr>
                <td colSpan={9} className="py-4 text-muted-foreground">
                  {filtered ? 'Nenhuma campanha com esses filtros.' : 'Nenhuma campanha criada.'}
                </td>
              </tr>
            )}
            {campaigns.data.items.map((c) => (
              <tr key={c.id} className="border-t align-middle">
                <td className="py-2">
                  <span className="font-medium">{c.campaign_name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {campaignTypeLabels[c.campaign_type]}
                  </span>
                </td>
                <td>{campaignChannelLabels[c.channel]}</td>
                <td>
                  <Badge variant={statusVariant(c.status)}>{campaignStatusLabels[c.status]}</Badge>
                </td>
                <td className="whitespace-nowrap">
                  {shortDate(c.start_date)} a {shortDate(c.end_date)}
                </td>
                <td>
                  <CampaignProgress campaign={c} />
                </td>
                <td>
                  {c.sent_count}
                  {c.queued_count > c.sent_count && (
                    <span className="block text-xs text-muted-foreground">
                      {c.queued_count - c.sent_count} na fila
                    </span>
                  )}
                </td>
                <td>{c.conversion_count}</td>
                <td className="whitespace-nowrap">
                  {formatBRL(c.cost_centavos)}
                  <span className="block text-xs text-muted-foreground">
                    de {formatBRL(c.budget_centavos)}
                  </span>
                </td>
                <td className="flex flex-wrap gap-1 py-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Relatório de ${c.campaign_name}`}
                    onClick={() => setReportId(c.id)}
                  >
                    <FileText aria-hidden="true" />
                  </Button>
                  {canManage && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Editar ${c.campaign_name}`}
                        onClick={() => openDialog(c)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={c.status === 'completed'}
                        aria-label={
                          c.status === 'active'
                            ? `Pausar ${c.campaign_name}`
                            : `Ativar ${c.campaign_name}`
                        }
                        onClick={() =>
                          toggle.mutate(c.id, {
                            onSuccess: () =>
                              notify({
                                type: 'success',
                                title: integrationMessages.campaignStatusUpdated,
                              }),
                            onError: (e) =>
                              notify({
                                type: 'error',
                                title: integrationMessages.campaignStatusError,
                                message: isApiError(e) ? e.message : String(e),
                              }),
                          })
                        }
                      >
                        {c.status === 'active' ? (
                          <Pause aria-hidden="true" />
                        ) : (
                          <Play aria-hidden="true" />
                        )}
                      </Button>
                      <Button
                        size="sm"
                        disabled={c.status !== 'active' || run.isPending}
                        aria-label={`Executar ${c.campaign_name}`}
                        onClick={() =>
                          run.mutate(c.id, {
                            onSuccess: (r) =>
                              notify({
                                type: 'success',
                                title: 'Campanha executada',
                                message: [
                                  c.channel === 'sms'
                                    ? `${r.queued} SMS na fila de envio.`
                                    : `${r.queued} e-mails na fila de envio.`,
                                  r.skipped_budget > 0
                                    ? `${r.skipped_budget} fora do orçamento.`
                                    : '',
                                  r.skipped_frequency > 0
                                    ? `${r.skipped_frequency} já no limite semanal.`
                                    : '',
                                  r.deferred_until
                                    ? 'Horário de silêncio: os SMS saem quando ele terminar.'
                                    : '',
                                ]
                                  .filter(Boolean)
                                  .join(' '),
                              }),
                            onError: (e) =>
                              notify({
                                type: 'error',
                                title: integrationMessages.campaignRunError,
                                message: isApiError(e) ? e.message : String(e),
                              }),
                          })
                        }
                      >
                        <Send aria-hidden="true" />
                        Executar
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <CampaignDialog
        key={dialog.key}
        open={dialog.open}
        campaign={dialog.campaign}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <ChannelSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
      <CampaignReportDialog campaignId={reportId} onClose={() => setReportId(null)} />
    </section>
  );
}
