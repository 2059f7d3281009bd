import { formatDateTime, sessionMessages } from '@sorteio/shared';
import { MonitorSmartphone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useRevokeSessions, useSessions } from '../api/sessions';
import { shortUserAgent } from '../lib/user-agent';
import { LoadError, LoadingBlock } from './load-states';

/** 'Sessões ativas': device, place and last use of each session; end one or all the others. */
export function ActiveSessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const { notify } = useNotifications();
  const end = (id: string | null) =>
    revoke.mutateAsync(id).then(
      (r) =>
        notify({
          type: 'success',
          title: id ? sessionMessages.ended : sessionMessages.othersEnded(r.ended),
        }),
      (e: unknown) => notify({ type: 'error', title: 'Erro', message: errorMessageOf(e) }),
    );
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Sessões ativas</h2>
        </CardTitle>
        <CardDescription>
          Onde sua conta está conectada. Se não reconhecer um acesso, encerre a sessão e troque sua
          senha.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <LoadingBlock label="Carregando sessões..." />
        ) : sessions.isError ? (
          <LoadError message={sessions.error.message} onRetry={() => void sessions.refetch()} />
        ) : (
          <>
            <ul aria-label="Sessões ativas" className="flex flex-col divide-y">
              {sessions.data.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
                  <MonitorSmartphone aria-hidden="true" className="size-5 text-muted-foreground" />
                  <div className="flex min-w-0 flex-1 flex-col text-sm">
                    <span className="font-medium">
                      {s.userAgent ? shortUserAgent(s.userAgent) : 'Dispositivo desconhecido'}
                      {s.current && (
                        <Badge variant="success" className="ml-2">
                          Esta sessão
                        </Badge>
                      )}
                    </span>
                    <span className="text-muted-foreground">
                      {s.place ?? 'Local desconhecido'}
                      {s.ipAddress ? ` · IP: ${s.ipAddress}` : ''}
                    </span>
                    <span className="text-muted-foreground">
                      Último uso: {formatDateTime(s.lastUsedAt)}
                    </span>
                  </div>
                  {!s.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={revoke.isPending}
                      onClick={() => void end(s.id)}
                    >
                      Encerrar
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {others > 0 && (
              <Button
                variant="destructive"
                className="self-start"
                disabled={revoke.isPending}
                onClick={() => void end(null)}
              >
                Encerrar todas as outras sessões
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
