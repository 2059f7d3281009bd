/**
 * The Certificados tab and /gerencianet-config (spec 001 "PIX provider configuration", "Admin
 * certificates tab"): the real certificate and credentials stored sealed on the server, the
 * status cards and a real 'Testar Integração'.
 */
import { type EfiConfig, can, integrationMessages } from '@sorteio/shared';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCertificates, usePixConfig, useRefreshCertificates } from './api/pix-config';
import {
  CertificateCounters,
  CertificateList,
  ConfigStatusBanner,
} from './components/certificate-list';
import { ActivationCard } from './components/pix-activation';
import {
  CertificateCard,
  CertificateUpload,
  CredentialsForm,
  IntegrationTest,
  RefreshButton,
  StatusCards,
} from './components/pix-setup';

/** The Certificados tab: counters by status, every uploaded certificate, upload and refresh. */
export default function AdminCertificatesTab() {
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

/** /gerencianet-config: status banner, status cards and the three tabs. */
export function PixConfigScreen() {
  const config = usePixConfig();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6">
      <h1 className="text-2xl font-semibold">Configuração PIX</h1>
      {config.isPending ? (
        <PageSpinner />
      ) : config.isError ? (
        <LoadError
          title="Erro ao carregar a configuração PIX"
          message={config.error.message}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <PixConfigBody config={config.data} />
      )}
    </div>
  );
}

function PixConfigBody({ config: c }: { config: EfiConfig }) {
  return (
    <>
      <ConfigStatusBanner config={c} />
      <ActivationCard config={c} />
      <StatusCards config={c} />
      <Tabs defaultValue="credentials">
        <TabsList>
          <TabsTrigger value="credentials">Credenciais</TabsTrigger>
          <TabsTrigger value="certificate">Certificado</TabsTrigger>
          <TabsTrigger value="test">Testar Integração</TabsTrigger>
        </TabsList>
        <TabsContent value="credentials" className="pt-4">
          <CredentialsForm config={c} />
        </TabsContent>
        <TabsContent value="certificate" className="flex flex-col gap-4 pt-4">
          <CertificateCard config={c} />
          <CertificateUpload />
        </TabsContent>
        <TabsContent value="test" className="pt-4">
          <IntegrationTest config={c} />
        </TabsContent>
      </Tabs>
    </>
  );
}
