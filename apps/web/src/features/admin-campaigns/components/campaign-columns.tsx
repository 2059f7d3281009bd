import type { ColumnDef } from '@tanstack/react-table';
import {
  type Campaign,
  type CampaignStatus,
  campaignChannelLabels,
  campaignStatusLabels,
  campaignTypeLabels,
  formatBRL,
  integrationMessages,
} from '@sorteio/shared';
import { FileText, Pause, Pencil, Play, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useRunCampaign } from '../api/run-campaign';
import { useToggleCampaign } from '../api/toggle-campaign';

const shortDate = (day: string) => day.split('-').reverse().join('/');

const statusVariant = (s: CampaignStatus) =>
  s === 'active' ? 'success' : s === 'paused' ? 'warning' : 'secondary';

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

/** 'Relatório', and for managers 'Editar', the pause/activate toggle and 'Executar'. */
function CampaignActions({
  campaign: c,
  canManage,
  onReport,
  onEdit,
}: {
  campaign: Campaign;
  canManage: boolean;
  onReport: (id: string) => void;
  onEdit: (campaign: Campaign) => void;
}) {
  const { notify } = useNotifications();
  const toggle = useToggleCampaign();
  const run = useRunCampaign();
  return (
    // One line of buttons: the table scrolls sideways instead of stacking them.
    <div className="flex gap-1">
      <Button
        size="sm"
        variant="outline"
        aria-label={`Relatório de ${c.campaign_name}`}
        onClick={() => onReport(c.id)}
      >
        <FileText aria-hidden="true" />
      </Button>
      {canManage && (
        <>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Editar ${c.campaign_name}`}
            onClick={() => onEdit(c)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={c.status === 'completed'}
            aria-label={
              c.status === 'active' ? `Pausar ${c.campaign_name}` : `Ativar ${c.campaign_name}`
            }
            onClick={() =>
              toggle.mutate(c.id, {
                onSuccess: () =>
                  notify({ type: 'success', title: integrationMessages.campaignStatusUpdated }),
                onError: (e) =>
                  notify({
                    type: 'error',
                    title: integrationMessages.campaignStatusError,
                    message: isApiError(e) ? e.message : String(e),
                  }),
              })
            }
          >
            {c.status === 'active' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
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
                      r.skipped_budget > 0 ? `${r.skipped_budget} fora do orçamento.` : '',
                      r.skipped_frequency > 0 ? `${r.skipped_frequency} já no limite semanal.` : '',
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
    </div>
  );
}

/** The campaign list's columns, for the shared data table (headers padded and never run together). */
export function campaignColumns(options: {
  canManage: boolean;
  onReport: (id: string) => void;
  onEdit: (campaign: Campaign) => void;
}): ColumnDef<Campaign, unknown>[] {
  return [
    {
      id: 'campanha',
      header: 'Campanha',
      cell: ({ row: { original: c } }) => (
        <div className="min-w-40">
          <span className="font-medium">{c.campaign_name}</span>
          <span className="block text-xs text-muted-foreground">
            {campaignTypeLabels[c.campaign_type]}
          </span>
        </div>
      ),
    },
    {
      id: 'canal',
      header: 'Canal',
      cell: ({ row: { original: c } }) => (
        <span className="whitespace-nowrap">{campaignChannelLabels[c.channel]}</span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: c } }) => (
        <Badge variant={statusVariant(c.status)}>{campaignStatusLabels[c.status]}</Badge>
      ),
    },
    {
      id: 'periodo',
      header: 'Período',
      cell: ({ row: { original: c } }) => (
        <span className="whitespace-nowrap">
          {shortDate(c.start_date)} a {shortDate(c.end_date)}
        </span>
      ),
    },
    {
      id: 'progresso',
      header: 'Progresso',
      cell: ({ row: { original: c } }) => <CampaignProgress campaign={c} />,
    },
    {
      id: 'alcance',
      header: 'Alcance',
      cell: ({ row: { original: c } }) => (
        <>
          {c.sent_count}
          {c.queued_count > c.sent_count && (
            <span className="block text-xs whitespace-nowrap text-muted-foreground">
              {c.queued_count - c.sent_count} na fila
            </span>
          )}
        </>
      ),
    },
    {
      id: 'conversoes',
      header: 'Conversões',
      cell: ({ row: { original: c } }) => c.conversion_count,
    },
    {
      id: 'orcamento',
      header: 'Orçamento',
      cell: ({ row: { original: c } }) => (
        <span className="whitespace-nowrap">
          {formatBRL(c.cost_centavos)}
          <span className="block text-xs text-muted-foreground">
            de {formatBRL(c.budget_centavos)}
          </span>
        </span>
      ),
    },
    {
      id: 'acoes',
      header: () => <span className="sr-only">Ações</span>,
      cell: ({ row: { original: c } }) => <CampaignActions campaign={c} {...options} />,
    },
  ];
}
