/**
 * The APIs tab (spec 001 "Admin connections tab"): counters for total, active, API and webhook,
 * a search box, a type filter, the list and the create/edit dialog; 'Testar' makes a real request
 * and webhook connections show their signed deliveries.
 */
import {
  type Connection,
  type ConnectionType,
  can,
  connectionTypes,
  integrationMessages,
} from '@sorteio/shared';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useDeleteConnection } from '../api/delete-connection';
import { useConnections } from '../api/list-connections';
import { useTestConnection } from '../api/test-connection';
import { ConnectionDialog } from './connection-dialog';
import { DeliveryLog } from './deliveries';

function ConnectionRow({
  c,
  canManage,
  onEdit,
}: {
  c: Connection;
  canManage: boolean;
  onEdit: () => void;
}) {
  const { notify } = useNotifications();
  const test = useTestConnection();
  const remove = useDeleteConnection();
  const [showLog, setShowLog] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {c.connection_name}
          <Badge variant="outline">{c.connection_type}</Badge>
          <Badge variant={c.is_active ? 'success' : 'secondary'}>
            {c.is_active ? 'Ativo' : 'Inativo'}
          </Badge>
        </CardTitle>
        <p className="text-sm text-muted-foreground">{c.service_name}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <pre className="rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">
          {JSON.stringify(c.config_data, null, 2)}
        </pre>
        {test.data && (
          <p
            role="status"
            className={test.data.ok ? 'text-sm text-success' : 'text-sm text-destructive'}
          >
            {test.data.ok ? 'OK' : 'Falhou'}: {test.data.message} ({test.data.durationMs} ms
            {test.data.status !== null ? `, HTTP ${test.data.status}` : ''})
          </p>
        )}
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={test.isPending}
              onClick={() =>
                test.mutate(c.id, {
                  onSuccess: (r) =>
                    r.ok
                      ? notify({
                          type: 'success',
                          title: integrationMessages.connectionTested,
                          message: r.message,
                        })
                      : notify({
                          type: 'error',
                          title: 'Erro',
                          message: integrationMessages.connectionTestFailed,
                        }),
                })
              }
            >
              {test.isPending ? 'Testando...' : 'Testar'}
            </Button>
            <Button size="sm" variant="outline" onClick={onEdit}>
              Editar
            </Button>
            {c.connection_type === 'webhook' && (
              <Button size="sm" variant="outline" onClick={() => setShowLog((v) => !v)}>
                Entregas
              </Button>
            )}
            <Button
              size="sm"
              variant="destructive"
              onClick={() =>
                remove.mutate(c.id, {
                  onSuccess: () =>
                    notify({ type: 'success', title: integrationMessages.connectionDeleted }),
                  onError: (e) =>
                    notify({
                      type: 'error',
                      title: 'Erro',
                      message: isApiError(e) ? e.message : String(e),
                    }),
                })
              }
            >
              Excluir
            </Button>
          </div>
        )}
        {showLog && <DeliveryLog connectionId={c.id} />}
      </CardContent>
    </Card>
  );
}

export function ConnectionsTab() {
  const { user } = useAuth();
  const canManage = can(user?.role, 'connections.manage');
  const connections = useConnections();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ConnectionType | 'all'>('all');
  const [dialog, setDialog] = useState<{ open: boolean; editing: Connection | null; key: number }>({
    open: false,
    editing: null,
    key: 0,
  });
  const items = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (connections.data?.items ?? []).filter(
      (c) =>
        (type === 'all' || c.connection_type === type) &&
        (!q ||
          c.connection_name.toLowerCase().includes(q) ||
          c.service_name.toLowerCase().includes(q)),
    );
  }, [connections.data, search, type]);
  if (connections.isPending)
    return <Spinner label={integrationMessages.connectionsLoading} showLabel />;
  if (connections.isError)
    return (
      <LoadError
        title="Erro ao carregar conexões"
        message={connections.error.message}
        onRetry={() => void connections.refetch()}
      />
    );
  const counts = connections.data.counts;
  return (
    <section aria-label="Conexões & APIs" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Conexões & APIs</h2>
        {canManage && (
          <Button onClick={() => setDialog((d) => ({ open: true, editing: null, key: d.key + 1 }))}>
            <Plus aria-hidden="true" />
            Nova conexão
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['Total', counts.total],
            ['Ativas', counts.active],
            ['APIs', counts.api],
            ['Webhooks', counts.webhook],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-md border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">{n}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          aria-label="Buscar conexões"
          placeholder="Buscar conexões..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect
          aria-label="Filtrar por tipo"
          value={type}
          onChange={(e) => setType(e.target.value as ConnectionType | 'all')}
        >
          <option value="all">Todos os tipos</option>
          {connectionTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma conexão encontrada.</p>
      ) : (
        items.map((c) => (
          <ConnectionRow
            key={c.id}
            c={c}
            canManage={canManage}
            onEdit={() => setDialog((d) => ({ open: true, editing: c, key: d.key + 1 }))}
          />
        ))
      )}
      <ConnectionDialog
        key={dialog.key}
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </section>
  );
}
