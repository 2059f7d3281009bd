/**
 * /api-services (spec 001 "API services screen"), for real: the six services with their status
 * from live checks, endpoints and methods from the route table, uptime since start, average and
 * p95 response time measured by the server, 'Testar' (check now), 'Logs' (recent errors), and
 * 'Ver Documentação' / 'Playground API' opening the OpenAPI viewer served to staff.
 */
import { type ServiceStatus, formatDateTime } from '@sorteio/shared';
import { BookOpen, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useServices, useTestService } from './api/services';

const DOCS_URL = '/api/admin/docs/index.html';
const statusLabel = { online: 'online', maintenance: 'manutenção', offline: 'offline' } as const;
const statusVariant = {
  online: 'success',
  maintenance: 'warning',
  offline: 'destructive',
} as const;

function uptime(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

function ServiceCard({ s }: { s: ServiceStatus }) {
  const { notify } = useNotifications();
  const test = useTestService();
  const [showLogs, setShowLogs] = useState(false);
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
          <dt className="text-muted-foreground">Disponível há</dt>
          <dd>{uptime(s.uptimeSeconds)}</dd>
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
        </div>
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

export function ApiServicesScreen() {
  const services = useServices();
  const items = services.data?.items ?? [];
  const online = items.filter((s) => s.status === 'online').length;
  const measured = items.filter((s) => s.requests > 0);
  const avg =
    measured.length === 0 ? 0 : measured.reduce((a, s) => a + s.avgMs, 0) / measured.length;
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
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="rounded-md border bg-card p-3">
              <dt className="text-sm text-muted-foreground">Serviços online</dt>
              <dd className="text-2xl font-semibold">
                {online} de {items.length}
              </dd>
            </div>
            <div className="rounded-md border bg-card p-3">
              <dt className="text-sm text-muted-foreground">Resposta média</dt>
              <dd className="text-2xl font-semibold">{avg.toFixed(1).replace('.', ',')} ms</dd>
            </div>
            <div className="rounded-md border bg-card p-3">
              <dt className="text-sm text-muted-foreground">Disponível há</dt>
              <dd className="text-2xl font-semibold">{uptime(items[0]?.uptimeSeconds ?? 0)}</dd>
            </div>
          </dl>
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {items.map((s) => (
              <ServiceCard key={s.id} s={s} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
