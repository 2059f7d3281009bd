import {
  type CampaignReportRow,
  campaignChannelLabels,
  formatBRL,
  notAvailableLabel,
} from '@sorteio/shared';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Spinner } from '@/components/ui/spinner';
import { campaignReportCsvUrl, useCampaignReport } from '../api/get-campaign-report';
import { countOf } from '@/lib/plural';

const dayLabel = (day: string | null) => (day ? day.split('-').reverse().join('/') : 'Total');
const opt = (n: number | null) => (n === null ? notAvailableLabel : String(n));
const rate = (r: CampaignReportRow) =>
  r.sent === 0 ? '0,0%' : `${((r.conversions / r.sent) * 100).toFixed(1).replace('.', ',')}%`;

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
    <Dialog open={campaignId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Relatório da campanha</DialogTitle>
          <DialogDescription>
            {r
              ? `${r.campaign.campaign_name} (${campaignChannelLabels[r.campaign.channel]}). Conversão: participação paga até ${countOf(r.conversion_window_days, 'dia', 'dias')} após o envio.`
              : 'Carregando relatório'}
          </DialogDescription>
        </DialogHeader>
        {!r ? (
          report.isError ? (
            <p role="alert">{report.error.message}</p>
          ) : (
            <Spinner label="Carregando relatório" showLabel />
          )
        ) : (
          <>
            <ScrollRegion label="Relatório por dia">
              {/* Padded cells: without them the headers of this wide table run together. */}
              <table
                className="w-full text-left text-sm [&_td]:px-2 [&_td]:whitespace-nowrap [&_th]:px-2 [&_th]:whitespace-nowrap"
                aria-label="Relatório por dia"
              >
                <thead>
                  <tr className="text-muted-foreground">
                    <th className="py-2">Dia</th>
                    <th>Na fila</th>
                    <th>Enviadas</th>
                    <th>Entregues</th>
                    <th>Falhas</th>
                    <th>Aberturas</th>
                    <th>Cliques</th>
                    <th>Conversões</th>
                    <th>Taxa</th>
                    <th>Custo</th>
                  </tr>
                </thead>
                <tbody>
                  {[...r.days, r.total].map((row) => (
                    <tr key={row.day ?? 'total'} className="border-t">
                      <td className="py-2">{dayLabel(row.day)}</td>
                      <td>{row.queued}</td>
                      <td>{row.sent}</td>
                      <td>{opt(row.delivered)}</td>
                      <td>{opt(row.failed)}</td>
                      <td>{opt(row.opened)}</td>
                      <td>{opt(row.clicked)}</td>
                      <td>{row.conversions}</td>
                      <td>{rate(row)}</td>
                      <td>{formatBRL(row.cost_centavos)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <p className="text-xs text-muted-foreground">
              Orçamento {formatBRL(r.campaign.budget_centavos)}. A entrega de e-mails não é
              rastreada; SMS não têm aberturas nem cliques.
            </p>
            <Button asChild variant="outline">
              <a href={campaignReportCsvUrl(r.campaign.id)} download>
                <Download aria-hidden="true" />
                Baixar CSV
              </a>
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
