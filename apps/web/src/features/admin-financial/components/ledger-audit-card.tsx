import { formatDateTime } from '@sorteio/shared';
import { ShieldCheck, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useLedgerAudit } from '../api/get-ledger-audit';
import { useRunLedgerAudit } from '../api/run-ledger-audit';
import { Loaded } from './loaded';

export function LedgerAuditCard({ canRun }: { canRun: boolean }) {
  const latest = useLedgerAudit();
  const run = useRunLedgerAudit();
  const { notify } = useNotifications();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">Auditoria do livro-caixa</CardTitle>
        {canRun && (
          <Button
            size="sm"
            variant="outline"
            disabled={run.isPending}
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: (r) =>
                  notify({
                    type: r.ok ? 'success' : 'warning',
                    title: r.ok ? 'Auditoria sem divergências' : 'Auditoria encontrou divergências',
                  }),
                onError: (e) => notify({ type: 'error', title: 'Erro', message: e.message }),
              })
            }
          >
            Auditar agora
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <Loaded query={latest} title="Erro ao carregar a auditoria">
          {({ audit }) =>
            audit ? (
              <div className="flex flex-col gap-2 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  {audit.ok ? (
                    <ShieldCheck aria-hidden="true" className="size-4 text-success" />
                  ) : (
                    <ShieldAlert aria-hidden="true" className="size-4 text-destructive" />
                  )}
                  {audit.ok ? 'Tudo confere' : 'Divergências encontradas'} ·{' '}
                  {formatDateTime(audit.at)} · {audit.durationMs} ms
                </p>
                <ul className="flex flex-col gap-1">
                  {audit.checks.map((c) => (
                    <li
                      key={c.name}
                      className={c.ok ? 'text-muted-foreground' : 'text-destructive'}
                    >
                      {c.ok ? '✓' : '✗'} {c.name}: {c.detail}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Nenhuma auditoria registrada ainda.</p>
            )
          }
        </Loaded>
      </CardContent>
    </Card>
  );
}
