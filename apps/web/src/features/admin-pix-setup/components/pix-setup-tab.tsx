/**
 * The Certificados tab (spec 001 "PIX provider configuration", "Admin
 * certificates tab"): the real certificate and credentials stored sealed on the server, the
 * status cards and a real 'Testar Integração'.
 */
import { can, integrationMessages } from '@sorteio/shared';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { usePixConfig } from '../api/get-pix-config';
import { useCertificates } from '../api/list-certificates';
import { useRefreshCertificates } from '../api/refresh-certificates';
import { CertificateCounters, CertificateList } from './certificate-list';
import { CertificateUpload } from './certificate-upload';
import { RefreshButton, StatusCards } from './pix-setup';

/** The Certificados tab: counters by status, every uploaded certificate, upload and refresh. */
export function PixSetupTab() {
  const { user } = useAuth();
  const { notify } = useNotifications();
  const config = usePixConfig();
  const certificates = useCertificates();
  const refresh = useRefreshCertificates();
  if (config.isPending || certificates.isPending) return <PageSpinner />;
  if (config.isError || certificates.isError)
    return (
      <LoadError
        title="Erro ao carregar a configuração PIX"
        message={(config.error ?? certificates.error)?.message ?? ''}
        onRetry={() => {
          void config.refetch();
          void certificates.refetch();
        }}
      />
    );
  const canManage = can(user?.role, 'pix.manage');
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (r) =>
        notify({
          type: r.unreadable > 0 ? 'warning' : 'success',
          title: 'Status atualizado',
          message: `${r.checked} ${r.checked === 1 ? 'certificado verificado' : 'certificados verificados'}${
            r.changed > 0 ? `, ${r.changed} com status alterado` : ''
          }${r.unreadable > 0 ? `, ${r.unreadable} ilegível(is)` : ''}.`,
        }),
      onError: (error) =>
        notify({
          type: 'error',
          title: 'Erro ao atualizar status',
          message: isApiError(error)
            ? error.message
            : integrationMessages.certificateSaveErrorFallback,
        }),
    });
  return (
    <section aria-label="Certificados" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Certificados</h2>
        {canManage && <RefreshButton onClick={onRefresh} busy={refresh.isPending} />}
      </div>
      <StatusCards config={config.data} />
      <CertificateCounters counts={certificates.data.counts} />
      <CertificateList items={certificates.data.items} canManage={canManage} />
      {canManage && <CertificateUpload />}
    </section>
  );
}
