/**
 * /api-services (spec 001 "API services screen"), for real: the six services with their status
 * from live checks, endpoints and methods from the route table, uptime and response time from the
 * stored periodic health checks, the security checks, maintenance windows announced to players,
 * 'Testar' (check now), 'Logs' (recent errors), and 'Ver Documentação' / 'Playground API' opening
 * the OpenAPI viewer served to staff.
 */
import {
  type ServiceStatus,
  type ServicesSummary,
  can,
  formatDateTime,
  maintenanceMessages,
} from '@sorteio/shared';
import { BookOpen, FlaskConical, Wrench } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useEndMaintenance } from '../api/end-maintenance';
import { useServices } from '../api/list-services';
import { useTestService } from '../api/test-service';
import { MaintenanceDialog } from './maintenance-dialog';

const DOCS_URL = '/api/admin/docs/index.html';
const statusLabel = {
  online: 'No ar',
  maintenance: 'Em manutenção',
  offline: 'Fora do ar',
} as const;
const statusVariant = {
  online: 'success',
  maintenance: 'warning',
  offline: 'destructive',
} as const;

const decimal1 = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const pct = (value: number | null) => (value === null ? '—' : `${decimal1.format(value)}%`);
const ms = (value: number | null) => (value === null ? '—' : `${decimal1.format(value)} ms`);

function ServiceCard({ s, canManage }: { s: ServiceStatus; canManage: boolean }) {
  const { notify } = useNotifications();
  const test = useTestService();
  const end = useEndMaintenance();
  const [showLogs, setShowLogs] = useState(false);
  const [maintenanceOpen, setMaintenanceOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2 text-base">
          {s.name}
          <Badge variant={statusVariant[s.status]}>{statusLabel[s.status]}</Badge>
        </CardTitle>
        <p className="font-mono text-xs text-muted-foreground">{s.endpoint}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>{s.detail}</p>
        {s.maintenance && (
          <p className="flex items-start gap-2 rounded-md border border-warning/50 p-2">
            <Wrench aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Manutenção até {formatDateTime(s.maintenance.endsAt)}: {s.maintenance.reason}
            </span>
          </p>
        )}
        <div className="flex flex-wrap gap-1">
          {s.methods.map((m) => (
            <Badge key={m} variant="outline">
              {m}
            </Badge>
          ))}
        </div>
        <dl className="grid grid-cols-2 gap-1">
          <dt className="text-muted-foreground">Rotas</dt>
          <dd>{s.endpoints}</dd>
          <dt className="text-muted-foreground">Disponibilidade 24 h / 7 dias</dt>
          <dd>
            {pct(s.uptime24hPct)} / {pct(s.uptime7dPct)}
          </dd>
          <dt className="text-muted-foreground">Tempo médio da verificação</dt>
          <dd>{ms(s.checkAvgMs)}</dd>
          <dt className="text-muted-foreground">Requisições</dt>
          <dd>{s.requests}</dd>
          <dt className="text-muted-foreground">Resposta média / p95</dt>
          <dd>
            {s.avgMs.toFixed(1).replace('.', ',')} ms / {s.p95Ms.toFixed(1).replace('.', ',')} ms
          </dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(s.id, {
                onSuccess: (r) =>
                  notify({
                    type: r.status === 'online' ? 'success' : 'warning',
                    title: `${r.name}: ${statusLabel[r.status]}`,
                    message: r.detail,
                  }),
              })
            }
          >
            {test.isPending ? 'Testando...' : 'Testar'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setShowLogs((v) => !v)}>
            Logs
          </Button>
          {canManage &&
            (s.maintenance ? (
              <Button
                size="sm"
                variant="outline"
                disabled={end.isPending}
                onClick={() =>
                  end.mutate(s.id, {
                    onSuccess: () => notify({ type: 'success', title: maintenanceMessages.ended }),
                    onError: (e) => notify({ type: 'error', title: 'Erro', message: e.message }),
                  })
                }
              >
                Encerrar manutenção
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={() => setMaintenanceOpen(true)}>
                <Wrench aria-hidden="true" />
                Manutenção
              </Button>
            ))}
        </div>
        {maintenanceOpen && (
          <MaintenanceDialog service={s} open={maintenanceOpen} onOpenChange={setMaintenanceOpen} />
        )}
        {showLogs &&
          (s.errors.length === 0 ? (
            <p className="text-muted-foreground">Nenhum erro recente.</p>
          ) : (
            <ul className="flex flex-col gap-1 font-mono text-xs">
              {s.errors.map((e) => (
                <li key={`${e.at}-${e.url}`}>
                  {formatDateTime(e.at)} · {e.status} · {e.url}
                </li>
              ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  );
}

/** The summary tiles: active services, uptime, response time and security. */
export function SummaryTiles({ summary }: { summary: ServicesSummary }) {
  const [showSecurity, setShowSecurity] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">Serviços ativos</dt>
          <dd className="text-2xl font-semibold">
            {summary.activeServices} de {summary.totalServices}
          </dd>
        </div>
        <div className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">Disponibilidade média (24 h)</dt>
          <dd className="text-2xl font-semibold">{pct(summary.uptime24hPct)}</dd>
          <dd className="text-xs text-muted-foreground">7 dias: {pct(summary.uptime7dPct)}</dd>
        </div>
        <div className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">Resposta média</dt>
          <dd className="text-2xl font-semibold">{ms(summary.avgResponseMs)}</dd>
        </div>
        <div className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">Segurança</dt>
          <dd className="text-2xl font-semibold">{summary.securityPct}%</dd>
          <dd>
            <Button
              size="sm"
              variant="link"
              className="h-auto p-0"
              aria-expanded={showSecurity}
              onClick={() => setShowSecurity((v) => !v)}
            >
              {showSecurity ? 'Ocultar verificações' : 'Ver verificações'}
            </Button>
          </dd>
        </div>
      </dl>
      {showSecurity && (
        <ul aria-label="Verificações de segurança" className="flex flex-col gap-1 text-sm">
          {summary.security.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2">
              <Badge variant={c.ok ? 'success' : 'warning'}>{c.ok ? 'OK' : 'Atenção'}</Badge>
              <span className="font-medium">{c.label}</span>
              <span className="text-muted-foreground">{c.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ApiServicesScreen() {
  const { user } = useAuth();
  const services = useServices();
  const items = services.data?.items ?? [];
  const canManage = can(user?.role, 'services.manage');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Serviços de API</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={DOCS_URL} target="_blank" rel="noreferrer">
              <BookOpen aria-hidden="true" />
              Ver Documentação
            </a>
          </Button>
          <Button asChild>
            <a href={DOCS_URL} target="_blank" rel="noreferrer">
              <FlaskConical aria-hidden="true" />
              Playground API
            </a>
          </Button>
        </div>
      </div>
      {services.isPending ? (
        <PageSpinner />
      ) : services.isError ? (
        <LoadError
          title="Erro ao carregar os serviços"
          message={services.error.message}
          onRetry={() => void services.refetch()}
        />
      ) : (
        <>
          <SummaryTiles summary={services.data.summary} />
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {items.map((s) => (
              <ServiceCard key={s.id} s={s} canManage={canManage} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
