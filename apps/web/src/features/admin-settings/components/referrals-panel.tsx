import { can, formatBRL } from '@sorteio/shared';
import { Gift } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useReferralAdmin } from '../api/get-referral-admin';
import { useUpdateReferralSettings } from '../api/update-referral-settings';

/** The referral program: its figures, and (with referrals.manage) the switch that turns it off. */
export function ReferralsPanel() {
  const { user } = useAuth();
  const { notify } = useNotifications();
  const figures = useReferralAdmin();
  const update = useUpdateReferralSettings();
  if (!can(user?.role, 'referrals.read')) return null;
  const canManage = can(user?.role, 'referrals.manage');
  let body;
  if (figures.isPending) body = <Spinner label="Carregando indicações..." />;
  else if (figures.isError)
    body = (
      <LoadError
        title="Erro ao carregar as indicações"
        message={figures.error.message}
        onRetry={() => void figures.refetch()}
      />
    );
  else {
    const f = figures.data;
    const items: [string, string][] = [
      ['Cadastros por convite', String(f.invited)],
      ['Aguardando 1ª participação', String(f.pending)],
      ['Bônus pagos', String(f.paid)],
      ['Total pago em Cashback', formatBRL(f.paidCentavos)],
      ['Recusados (mesmo CPF)', String(f.refusedByReason.same_cpf)],
      ['Recusados (mesma chave PIX)', String(f.refusedByReason.same_pix)],
      ['Recusados (mesmo dispositivo)', String(f.refusedByReason.same_device)],
      ['Recusados (programa desligado)', String(f.refusedByReason.disabled)],
    ];
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-4 rounded-md border p-3">
          <Label htmlFor="referrals-enabled">
            Programa de indicação ativo (bônus de {formatBRL(f.bonusCentavos)} por amigo)
          </Label>
          <input
            id="referrals-enabled"
            type="checkbox"
            role="switch"
            className="size-5 accent-primary"
            checked={f.enabled}
            disabled={!canManage || update.isPending}
            onChange={(event) =>
              update.mutate(
                { enabled: event.target.checked },
                {
                  onSuccess: (data) =>
                    notify({
                      type: 'success',
                      title: data.enabled ? 'Indicações ativadas' : 'Indicações desativadas',
                    }),
                  onError: (error) =>
                    notify({ type: 'error', title: 'Erro ao salvar', message: error.message }),
                },
              )
            }
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted/50 p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    );
  }
  return (
    <Card role="region" aria-labelledby="indicacoes-titulo">
      <CardHeader>
        <h3 id="indicacoes-titulo" className="flex items-center gap-2 text-base font-semibold">
          <Gift aria-hidden="true" className="size-5 text-primary" />
          Indicações
        </h3>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
