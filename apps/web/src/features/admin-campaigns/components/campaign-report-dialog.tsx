import type { ColumnDef } from '@tanstack/react-table';
import { countOf } from '@/lib/plural';
import {
  type CampaignReportRow,
  campaignChannelLabels,
  formatBRL,
  notAvailableLabel,
} from '@sorteio/shared';
import { Download } from 'lucide-react';
import { DataTable } from '@/components/data-table';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { campaignReportCsvUrl, useCampaignReport } from '../api/get-campaign-report';

const dayLabel = (day: string | null) => (day ? day.split('-').reverse().join('/') : 'Total');
const opt = (n: number | null) => (n === null ? notAvailableLabel : String(n));
const rate = (r: CampaignReportRow) =>
  r.sent === 0 ? '0,0%' : `${((r.conversions / r.sent) * 100).toFixed(1).replace('.', ',')}%`;

const columns: ColumnDef<CampaignReportRow, unknown>[] = [
  { id: 'day', header: 'Dia', cell: ({ row }) => dayLabel(row.original.day) },
  { accessorKey: 'queued', header: 'Na fila' },
  { accessorKey: 'sent', header: 'Enviadas' },
  { id: 'delivered', header: 'Entregues', cell: ({ row }) => opt(row.original.delivered) },
  { id: 'failed', header: 'Falhas', cell: ({ row }) => opt(row.original.failed) },
  { id: 'opened', header: 'Aberturas', cell: ({ row }) => opt(row.original.opened) },
  { id: 'clicked', header: 'Cliques', cell: ({ row }) => opt(row.original.clicked) },
  { accessorKey: 'conversions', header: 'Conversões' },
  { id: 'rate', header: 'Taxa', cell: ({ row }) => rate(row.original) },
  { id: 'cost', header: 'Custo', cell: ({ row }) => formatBRL(row.original.cost_centavos) },
];

/** 'Relatório': per day of sending, with the CSV download. */
export function CampaignReportDialog({
  campaignId,
  onClose,
}: {
  campaignId: string | null;
  onClose: () => void;
}) {
  const report = useCampaignReport(campaignId);
  const r = report.data;
  return (
    <DialogShell
      open={campaignId !== null}
      onOpenChange={(open) => !open && onClose()}
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      <DialogHeading
        title="Relatório da campanha"
        description={
          r
            ? `${r.campaign.campaign_name} (${campaignChannelLabels[r.campaign.channel]}). Conversão: participação paga até ${countOf(r.conversion_window_days, 'dia', 'dias')} após o envio.`
            : 'Carregando relatório'
        }
      />
      {!r ? (
        report.isError ? (
          <p role="alert">{report.error.message}</p>
        ) : (
          <Spinner label="Carregando relatório" showLabel />
        )
      ) : (
        <>
          <DataTable
            label="Relatório por dia"
            columns={columns}
            data={[...r.days, r.total]}
            getRowId={(row) => row.day ?? 'total'}
            className="[&_td]:whitespace-nowrap [&_th]:whitespace-nowrap"
          />
          <p className="text-xs text-muted-foreground">
            Orçamento {formatBRL(r.campaign.budget_centavos)}. A entrega de e-mails não é rastreada;
            SMS não têm aberturas nem cliques.
          </p>
          <Button asChild variant="outline">
            <a href={campaignReportCsvUrl(r.campaign.id)} download>
              <Download aria-hidden="true" />
              Baixar CSV
            </a>
          </Button>
        </>
      )}
    </DialogShell>
  );
}
