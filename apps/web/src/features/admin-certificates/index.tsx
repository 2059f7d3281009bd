/**
 * The Certificados tab and /gerencianet-config (spec 001 "PIX provider configuration", "Admin
 * certificates tab"): the real certificate and credentials stored sealed on the server, the
 * status cards and a real 'Testar Integração'.
 */
import { type EfiConfig, can } from '@sorteio/shared';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/use-auth';
import { usePixConfig } from './api/pix-config';
import {
  CertificateCard,
  CertificateUpload,
  CredentialsForm,
  IntegrationTest,
  RefreshButton,
  StatusCards,
} from './components/pix-setup';

/** The Certificados tab: the certificate in use, upload and refresh. */
export default function AdminCertificatesTab() {
  const { user } = useAuth();
  const config = usePixConfig();
  if (config.isPending) return <PageSpinner />;
  if (config.isError)
    return (
      <LoadError
        title="Erro ao carregar a configuração PIX"
        message={config.error.message}
        onRetry={() => void config.refetch()}
      />
    );
  const canManage = can(user?.role, 'pix.manage');
  return (
    <section aria-label="Certificados" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Certificados</h2>
        <RefreshButton onClick={() => void config.refetch()} busy={config.isFetching} />
      </div>
      <StatusCards config={config.data} />
      <CertificateCard config={config.data} />
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
  const banner =
    c.source === 'stored'
      ? 'Usando a configuração EFI salva nesta tela.'
      : c.source === 'environment'
        ? 'Usando a configuração EFI do ambiente do servidor.'
        : 'Configuração pendente: o simulador PIX está ativo.';
  return (
    <>
      <p role="status" className="rounded-md border bg-card p-3 text-sm">
        {banner}
      </p>
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
