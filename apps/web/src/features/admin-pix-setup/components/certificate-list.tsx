import {
  type CertificateCounts,
  type EfiConfig,
  type StoredCertificate,
  certificateStatusLabels,
  efiEnvironmentLabels,
  formatDateTime,
} from '@sorteio/shared';
import { CheckCircle2, FileKey2, ShieldAlert, Trash2 } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useDeleteCertificate } from '../api/delete-certificate';

const kb = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Spec 001 section 9: "file size shown in KB". */
export function formatKb(bytes: number): string {
  return `${kb.format(bytes / 1024)} KB`;
}

const statusVariant = { active: 'success', expiring: 'warning', expired: 'destructive' } as const;

/** The counters of the Certificados tab, from each certificate's own end of validity. */
export function CertificateCounters({ counts }: { counts: CertificateCounts }) {
  const tiles = [
    { label: certificateStatusLabels.active, value: counts.active },
    { label: certificateStatusLabels.expiring, value: counts.expiring },
    { label: certificateStatusLabels.expired, value: counts.expired },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3" aria-label="Certificados por status">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{t.label}</dt>
          <dd className="text-2xl font-semibold">{t.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DeleteCertificate({ certificate }: { certificate: StoredCertificate }) {
  const { notify } = useNotifications();
  const remove = useDeleteCertificate();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" aria-label={`Excluir ${certificate.filename}`}>
          <Trash2 aria-hidden="true" />
          Excluir
        </Button>
      }
      title="Excluir certificado?"
      description={
        <>{certificate.filename} será apagado do servidor. Esta ação não pode ser desfeita.</>
      }
      cancelLabel="Cancelar"
      confirmLabel="Excluir"
      onConfirm={() =>
        remove.mutate(certificate.id, {
          onSuccess: () => notify({ type: 'success', title: 'Certificado excluído' }),
          onError: (error) =>
            notify({
              type: 'error',
              title: 'Erro ao excluir certificado',
              message: isApiError(error) ? error.message : 'Tente novamente',
            }),
        })
      }
    />
  );
}

/** Every uploaded certificate: status, size in KB, validity, when it was last re-read. */
export function CertificateList({
  items,
  canManage,
}: {
  items: StoredCertificate[];
  canManage: boolean;
}) {
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">Nenhum certificado enviado.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Certificados enviados">
      {items.map((c) => (
        <li key={c.id} className="flex flex-col gap-2 rounded-md border bg-card p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <FileKey2 aria-hidden="true" className="size-4" />
            <span className="font-medium break-all">{c.filename}</span>
            <Badge variant={statusVariant[c.status]}>{certificateStatusLabels[c.status]}</Badge>
            {c.inUse && <Badge variant="outline">Em uso</Badge>}
            {c.checkError && <Badge variant="destructive">Ilegível</Badge>}
            <span className="text-muted-foreground">{formatKb(c.sizeBytes)}</span>
          </div>
          <p className="text-muted-foreground">
            {c.subject} · válido até {formatDateTime(c.validTo)} · verificado em{' '}
            {formatDateTime(c.checkedAt)}
          </p>
          {c.checkError && <p className="text-destructive">{c.checkError}</p>}
          {canManage && !c.inUse && (
            <div>
              <DeleteCertificate certificate={c} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The configuration status banner of /gerencianet-config. */
export function ConfigStatusBanner({ config }: { config: EfiConfig }) {
  const source =
    config.source === 'stored'
      ? 'Configuração EFI salva nesta tela.'
      : config.source === 'environment'
        ? 'Configuração EFI do ambiente do servidor.'
        : 'O simulador PIX está ativo: nenhum pagamento real é recebido.';
  return (
    <Alert
      role="status"
      variant={config.configured ? 'success' : 'warning'}
      aria-label="Status da configuração"
    >
      {config.configured ? <CheckCircle2 aria-hidden="true" /> : <ShieldAlert aria-hidden="true" />}
      <AlertTitle>{config.configured ? 'PIX configurado' : 'PIX não configurado'}</AlertTitle>
      <AlertDescription>
        <p>{source}</p>
        {config.environment && <p>Ambiente: {efiEnvironmentLabels[config.environment]}</p>}
        {config.configured && (
          <p>
            {config.lastSuccessfulCall
              ? `Última chamada bem-sucedida ao provedor: ${formatDateTime(config.lastSuccessfulCall.at)} (${config.lastSuccessfulCall.route})`
              : 'Nenhuma chamada bem-sucedida ao provedor registrada.'}
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}
