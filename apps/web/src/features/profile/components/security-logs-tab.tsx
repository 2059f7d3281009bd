import { formatDateTime, securityActionLabel, type SecurityLog } from '@sorteio/shared';
import { Globe, MapPin, Monitor, ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SECURITY_LOG_LIMIT, useSecurityLogs } from '../api/list-security-logs';
import { shortUserAgent } from '../lib/user-agent';
import { LoadError, LoadingBlock } from './load-states';
import { countOf } from '@/lib/plural';

function place(log: SecurityLog): string {
  const parts = [log.city, log.region].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : 'Localização não identificada';
}

function LogItem({ log }: { log: SecurityLog }) {
  const date = log.timestamp ? formatDateTime(log.timestamp) : '';
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{securityActionLabel(log.actionType)}</span>
          {log.isSuspicious && (
            <Badge variant="destructive" title={log.suspiciousReason ?? undefined}>
              <ShieldAlert aria-hidden="true" />
              Suspeito
              {log.suspiciousReason && <span className="sr-only">: {log.suspiciousReason}</span>}
            </Badge>
          )}
        </div>
        {log.actionType === 'staff_document_access' ? (
          // A staff member's read: their address and device are not the person's, so none is shown.
          <p className="text-sm text-muted-foreground">
            Consulta feita pela equipe, registrada na auditoria.
          </p>
        ) : (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Globe aria-hidden="true" className="size-3.5" />
              IP: {log.ipAddress ?? 'Não identificado'}
            </span>
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5" />
              {place(log)}
            </span>
            {log.userAgent && (
              <span className="inline-flex items-center gap-1" title={log.userAgent}>
                <Monitor aria-hidden="true" className="size-3.5" />
                {shortUserAgent(log.userAgent)}
              </span>
            )}
          </div>
        )}
      </div>
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
        {date || 'Data não disponível'}
      </span>
    </li>
  );
}

/** The last 20 security events, newest first (spec 000 section 2, Logs tab). */
export function SecurityLogsTab() {
  const logs = useSecurityLogs();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Logs de segurança</h2>
        </CardTitle>
        <CardDescription>
          Os últimos {countOf(SECURITY_LOG_LIMIT, 'evento', 'eventos')} da sua conta, do mais
          recente ao mais antigo.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {logs.isPending ? (
          <LoadingBlock label="Carregando logs..." />
        ) : logs.isError ? (
          <LoadError message={logs.error.message} onRetry={() => void logs.refetch()} />
        ) : logs.data.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">
            Nenhum log de segurança encontrado
          </p>
        ) : (
          <ul aria-label="Eventos de segurança" className="flex flex-col divide-y">
            {logs.data.map((log) => (
              <LogItem key={log.id} log={log} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
