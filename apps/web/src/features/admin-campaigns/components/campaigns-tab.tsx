/**
 * The Marketing tab and /remarketing (spec 001 "Admin remarketing tab" and "Remarketing screen";
 * one implementation): the four summary tiles from real counts (total reach, conversion rate,
 * conversions, investment), 'Filtrar' by status and channel, 'Configurar' the channel defaults,
 * the campaign table with the progress of each period, 'Editar', 'Relatório', the toggle and
 * 'Executar', and 'Nova campanha' for reactivation, e-mail and SMS campaigns.
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
  can,
  formatBRL,
  integrationMessages,
} from '@sorteio/shared';
import { Filter, Plus, Settings } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { useCampaignStats } from '../api/get-campaign-stats';
import { useCampaigns } from '../api/list-campaigns';
import { CampaignDialog } from './campaign-dialog';
import { campaignColumns } from './campaign-columns';
import { CampaignReportDialog } from './campaign-report-dialog';
import { ChannelSettingsDialog } from './channel-settings-dialog';
import { countOf, plural } from '@/lib/plural';

const percent = (n: number) => `${n.toFixed(1).replace('.', ',')}%`;

function StatsTiles() {
  const stats = useCampaignStats();
  if (!stats.data) return null;
  const s = stats.data;
  const tiles = [
    [
      'Alcance total',
      String(s.reach),
      plural(s.reach, 'jogador que recebeu mensagens', 'jogadores que receberam mensagens'),
    ],
    ['Taxa de conversão', percent(s.conversionRate), 'participação paga até 7 dias após o envio'],
    [
      'Conversões',
      String(s.conversions),
      countOf(s.sent, 'mensagem enviada', 'mensagens enviadas'),
    ],
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
        {countOf(s.campaigns, 'campanha', 'campanhas')} ({s.active}{' '}
        {plural(s.active, 'ativa', 'ativas')}). E-mail: abertura{' '}
        {s.sent === 0 ? '0,0%' : percent((s.opened / s.sent) * 100)}, cliques{' '}
        {s.sent === 0 ? '0,0%' : percent((s.clicked / s.sent) * 100)}. Índice de propensão médio{' '}
        {s.averagePropensity.toFixed(1).replace('.', ',')} / 100 (recência, frequência e gasto; não
        é um modelo treinado).
      </p>
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

export function CampaignsTab() {
  const { user } = useAuth();
  const canManage = can(user?.role, 'campaigns.manage');
  const [filters, setFilters] = useState<CampaignListQuery>({});
  const [showFilters, setShowFilters] = useState(false);
  const campaigns = useCampaigns(filters);
  const [dialog, setDialog] = useState<{ open: boolean; key: number; campaign?: Campaign }>({
    open: false,
    key: 0,
  });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reportId, setReportId] = useState<string | null>(null);
  const openDialog = useCallback(
    (campaign?: Campaign) => setDialog((d) => ({ open: true, key: d.key + 1, campaign })),
    [],
  );
  // Stable columns: a cell renderer that changes on every render would remount the row's
  // buttons, and a mutation's callbacks (the 'Executar' toast) die with the unmounted ones.
  const columns = useMemo(
    () => campaignColumns({ canManage, onReport: setReportId, onEdit: openDialog }),
    [canManage, openDialog],
  );

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
                Nova campanha
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
      <DataTable
        label="Campanhas"
        columns={columns}
        data={campaigns.data.items}
        getRowId={(c) => c.id}
        empty={filtered ? 'Nenhuma campanha com esses filtros.' : 'Nenhuma campanha criada.'}
      />
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
