/**
 * The Marketing tab and /remarketing (spec 001 "Admin remarketing tab"; one implementation):
 * stats tiles from real counts, the campaign table with the toggle and run rules, and the
 * creation dialog with the audience preview and a mail preview for a real player.
 */
import { can, campaignStatusLabels, formatDate, integrationMessages } from '@sorteio/shared';
import { Pause, Play, Plus, Send } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCampaignStats, useCampaigns, useRunCampaign, useToggleCampaign } from './api/campaigns';
import { CreateCampaignDialog } from './components/create-campaign-dialog';

function StatsTiles() {
  const stats = useCampaignStats();
  if (!stats.data) return null;
  const s = stats.data;
  const rate = (n: number) =>
    s.sent === 0 ? '0%' : `${((n / s.sent) * 100).toFixed(1).replace('.', ',')}%`;
  const tiles = [
    ['Campanhas', `${s.campaigns} (${s.active} ativas)`],
    ['E-mails enviados', String(s.sent)],
    ['Taxa de abertura', rate(s.opened)],
    ['Taxa de cliques', rate(s.clicked)],
    ['Conversões (7 dias após o clique)', String(s.conversions)],
    ['Índice de propensão médio', `${s.averagePropensity.toFixed(1).replace('.', ',')} / 100`],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminRemarketingTab() {
  const { user } = useAuth();
  const canManage = can(user?.role, 'campaigns.manage');
  const { notify } = useNotifications();
  const campaigns = useCampaigns();
  const toggle = useToggleCampaign();
  const run = useRunCampaign();
  const [dialog, setDialog] = useState({ open: false, key: 0 });
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
  return (
    <section aria-label="Remarketing" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Remarketing</h2>
        {canManage && (
          <Button onClick={() => setDialog((d) => ({ open: true, key: d.key + 1 }))}>
            <Plus aria-hidden="true" />
            Nova Campanha
          </Button>
        )}
      </div>
      <StatsTiles />
      <p className="text-xs text-muted-foreground">
        O índice de propensão (0 a 100) combina recência, frequência e gasto de cada jogador (RFM);
        não é um modelo treinado.
      </p>
      <ScrollRegion label="Campanhas">
        <table className="w-full text-left text-sm" aria-label="Campanhas">
          <thead>
            <tr className="text-muted-foreground">
              <th className="py-2">Campanha</th>
              <th>Status</th>
              <th>Enviados</th>
              <th>Abertura</th>
              <th>Cliques</th>
              <th>Conversões</th>
              <th>Criada em</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {campaigns.data.items.length === 0 && (
              <tr>
                <td colSpan={8} className="py-4 text-muted-foreground">
                  Nenhuma campanha criada.
                </td>
              </tr>
            )}
            {campaigns.data.items.map((c) => (
              <tr key={c.id} className="border-t">
                <td className="py-2 font-medium">{c.campaign_name}</td>
                <td>
                  <Badge
                    variant={
                      c.status === 'active'
                        ? 'success'
                        : c.status === 'paused'
                          ? 'warning'
                          : 'secondary'
                    }
                  >
                    {campaignStatusLabels[c.status]}
                  </Badge>
                </td>
                <td>{c.sent_count}</td>
                <td>{c.success_rate.toFixed(1).replace('.', ',')}%</td>
                <td>{c.clicked_count}</td>
                <td>{c.conversion_count}</td>
                <td>{formatDate(c.created_at)}</td>
                <td className="flex gap-1 py-2">
                  {canManage && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
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
                        onClick={() =>
                          run.mutate(c.id, {
                            onSuccess: (r) =>
                              notify({
                                type: 'success',
                                title: 'Campanha executada',
                                message: `${r.queued} e-mails na fila de envio.`,
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
      <CreateCampaignDialog
        key={dialog.key}
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </section>
  );
}
