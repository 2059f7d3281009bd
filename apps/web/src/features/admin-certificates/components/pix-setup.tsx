import {
  type EfiConfig,
  certificateStatusLabels,
  integrationMessages,
  formatDateTime,
} from '@sorteio/shared';
import { CheckCircle2, FileKey2, PlugZap, RefreshCw, ShieldAlert, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import {
  fileToBase64,
  useSaveCredentials,
  useTestIntegration,
  useUploadCertificate,
} from '../api/pix-config';
import { formatKb } from './certificate-list';

const errorText = (error: unknown, fallback: string) =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : fallback;

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

export function CredentialsForm({ config }: { config: EfiConfig }) {
  const { notify } = useNotifications();
  const save = useSaveCredentials();
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [chavePix, setChavePix] = useState(config.credentials?.chavePix ?? '');
  const [environment, setEnvironment] = useState<'sandbox' | 'production'>(
    config.credentials?.environment ?? 'sandbox',
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const secretMissing = !clientSecret.trim() && !config.credentialsConfigured;
    if (!clientId.trim() || !chavePix.trim() || secretMissing) {
      notify({ type: 'error', title: 'Erro', message: integrationMessages.credentialsRequired });
      return;
    }
    save.mutate(
      { clientId, clientSecret: clientSecret || undefined, chavePix, environment },
      {
        onSuccess: () => {
          setClientSecret('');
          notify({
            type: 'success',
            title: integrationMessages.credentialsSaved,
            message: 'Teste a integração para ativá-las: até lá, os pagamentos não mudam.',
          });
        },
        onError: (error) =>
          notify({
            type: 'error',
            title: integrationMessages.credentialsSaveError,
            message: errorText(error, 'Tente novamente'),
          }),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Credenciais">
      {config.credentials && (
        <p className="text-sm text-muted-foreground">
          Guardado: identificador {config.credentials.clientIdMasked}, senha{' '}
          {config.credentials.clientSecretMasked} ({config.credentials.host})
        </p>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="efi-client-id">Identificador do cliente (Client_Id)</Label>
        <Input
          id="efi-client-id"
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="efi-client-secret">Senha do cliente (Client_Secret)</Label>
        <Input
          id="efi-client-secret"
          type="password"
          value={clientSecret}
          onChange={(e) => setClientSecret(e.target.value)}
          autoComplete="new-password"
          placeholder={config.credentialsConfigured ? 'Deixe em branco para manter o atual' : ''}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="efi-chave">Chave PIX</Label>
        <Input id="efi-chave" value={chavePix} onChange={(e) => setChavePix(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="efi-env">Ambiente</Label>
        <NativeSelect
          id="efi-env"
          value={environment}
          onChange={(e) => setEnvironment(e.target.value as 'sandbox' | 'production')}
        >
          <option value="sandbox">Homologação (sandbox)</option>
          <option value="production">Produção</option>
        </NativeSelect>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Salvando...' : 'Salvar Credenciais'}
      </Button>
    </form>
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

export function CertificateUpload() {
  const { notify } = useNotifications();
  const upload = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !password) {
      notify({ type: 'error', title: 'Erro', message: integrationMessages.certificateIncomplete });
      return;
    }
    if (!/\.(p12|pfx)$/i.test(file.name)) {
      notify({ type: 'error', title: 'Erro', message: integrationMessages.certificateInvalidFile });
      return;
    }
    const certificateBase64 = await fileToBase64(file);
    upload.mutate(
      { filename: file.name, certificateBase64, password },
      {
        onSuccess: () => {
          setPassword('');
          notify({ type: 'success', title: integrationMessages.certificateSaved });
        },
        onError: (error) =>
          notify({
            type: 'error',
            title: integrationMessages.certificateSaveError,
            message: errorText(error, integrationMessages.certificateSaveErrorFallback),
          }),
      },
    );
  };
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-4"
      aria-label="Enviar certificado"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="efi-cert-file">Certificado (.p12 ou .pfx)</Label>
        <Input
          id="efi-cert-file"
          type="file"
          accept=".p12,.pfx"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="efi-cert-password">Senha do certificado</Label>
        <Input
          id="efi-cert-password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? 'Enviando...' : 'Enviar Certificado'}
      </Button>
    </form>
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
      Atualizar Status
    </Button>
  );
}
