import {
  type EfiConfig,
  certificateStatusLabels,
  integrationMessages,
  formatDateTime,
} from '@sorteio/shared';
import { CheckCircle2, FileKey2, PlugZap, RefreshCw, ShieldAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useTestIntegration } from '../api/test-integration';
import { formatKb } from './certificate-list';
import { errorText } from './error-text';

/** Status cards: Credenciais / Certificado / Status da API (spec 001 "PIX provider configuration"). */
export function StatusCards({ config }: { config: EfiConfig }) {
  const cards = [
    {
      title: 'Credenciais',
      ok: config.credentialsConfigured,
      yes: 'Configuradas',
      no: 'Pendente',
    },
    { title: 'Certificado', ok: config.certificateUploaded, yes: 'Enviado', no: 'Necessário' },
    { title: 'Status da API', ok: config.apiActive, yes: 'Ativa', no: 'Inativa' },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {cards.map((c) => (
        <Card key={c.title}>
          <CardHeader>
            <CardTitle className="text-sm">{c.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <Badge variant={c.ok ? 'success' : 'warning'}>{c.ok ? c.yes : c.no}</Badge>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export function CertificateCard({ config }: { config: EfiConfig }) {
  const cert = config.certificate;
  if (!cert) return <p className="text-sm text-muted-foreground">Nenhum certificado enviado.</p>;
  const variant =
    cert.status === 'active' ? 'success' : cert.status === 'expiring' ? 'warning' : 'destructive';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FileKey2 aria-hidden="true" className="size-4" />
          {cert.filename}
          <Badge variant={variant}>{certificateStatusLabels[cert.status]}</Badge>
        </CardTitle>
        <CardDescription>{formatKb(cert.sizeBytes)}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">Titular</dt>
          <dd>{cert.subject}</dd>
          <dt className="text-muted-foreground">Emissor</dt>
          <dd>{cert.issuer}</dd>
          <dt className="text-muted-foreground">Série</dt>
          <dd className="font-mono break-all">{cert.serialNumber}</dd>
          <dt className="text-muted-foreground">Válido de</dt>
          <dd>{formatDateTime(cert.validFrom)}</dd>
          <dt className="text-muted-foreground">Válido até</dt>
          <dd>{formatDateTime(cert.validTo)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

export function IntegrationTest({ config }: { config: EfiConfig }) {
  const { notify } = useNotifications();
  const test = useTestIntegration();
  const result = test.data ?? config.lastTest;
  return (
    <div className="flex flex-col gap-4">
      <Button
        onClick={() =>
          test.mutate(undefined, {
            onSuccess: (r) =>
              r.ok
                ? notify({
                    type: 'success',
                    title: r.activated ? 'Configuração ativada' : 'Conexão testada',
                    message: r.message,
                  })
                : notify({
                    type: 'error',
                    title: integrationMessages.connectionError,
                    message: r.message,
                  }),
            onError: (error) =>
              notify({
                type: 'error',
                title: integrationMessages.connectionError,
                message: errorText(error, ''),
              }),
          })
        }
        disabled={test.isPending}
      >
        <PlugZap aria-hidden="true" />
        {test.isPending ? 'Testando...' : 'Testar Integração'}
      </Button>
      {result && (
        <Alert variant={result.ok ? 'success' : 'destructive'} aria-label="Resultado do teste">
          {result.ok ? <CheckCircle2 aria-hidden="true" /> : <ShieldAlert aria-hidden="true" />}
          <AlertTitle>{result.ok ? 'Integração funcionando' : 'Falha na integração'}</AlertTitle>
          <AlertDescription>
            <p>{result.message}</p>
            {!result.ok && result.detail && (
              <p className="break-all text-muted-foreground">Detalhe técnico: {result.detail}</p>
            )}
            <p>
              {formatDateTime(result.at)} · {result.durationMs} ms
              {result.httpStatus !== null ? ` · HTTP ${result.httpStatus}` : ''}
            </p>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}

export function RefreshButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={busy}>
      <RefreshCw aria-hidden="true" />
      Atualizar status
    </Button>
  );
}
