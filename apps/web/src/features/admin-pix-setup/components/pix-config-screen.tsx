import type { EfiConfig } from '@sorteio/shared';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePixConfig } from '../api/get-pix-config';
import { CertificateUpload } from './certificate-upload';
import { ConfigStatusBanner } from './certificate-list';
import { CredentialsForm } from './credentials-form';
import { ActivationCard } from './pix-activation';
import { CertificateCard, IntegrationTest, StatusCards } from './pix-setup';

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
