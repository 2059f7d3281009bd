import { formatDateTime, type DataExportState } from '@sorteio/shared';
import { Download, FileText, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EXPORT_SUMMARY_URL } from '../api/delete-account';
import {
  immediateExportUrl,
  preparedExportUrl,
  useDataExportState,
  useRequestDataExport,
} from '../api/data-export';
import { DeleteAccountDialog } from './delete-account-dialog';
import { countOf } from '@/lib/plural';

/**
 * The copy of a large account, prepared in the background: "preparing", ready with the link and
 * its expiry, expired (ask again), failed (ask again).
 */
export function PreparedExport({
  state,
  includeImages,
}: {
  state: DataExportState;
  includeImages: boolean;
}) {
  const request = useRequestDataExport();
  const latest = state.latest;
  const askButton = (label: string) => (
    <Button
      variant="outline"
      disabled={request.isPending}
      onClick={() => request.mutate({ incluirImagens: includeImages })}
    >
      {request.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {label}
    </Button>
  );
  const error = request.error ? (
    <p role="alert" className="text-sm text-destructive">
      {request.error.message}
    </p>
  ) : null;
  if (latest && (latest.status === 'pendente' || latest.status === 'processando'))
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Preparando sua exportação… Avisaremos por e-mail quando estiver pronta.
      </p>
    );
  if (latest?.status === 'pronta' && latest.expiresAt)
    return (
      <div role="status" className="flex flex-col gap-2">
        <p className="text-sm">
          Sua exportação está pronta. Disponível até {formatDateTime(latest.expiresAt)} (horário de
          Brasília).
        </p>
        <Button asChild>
          <a href={preparedExportUrl(latest.id)} download={latest.fileName ?? undefined}>
            <Download aria-hidden="true" />
            Baixar exportação{latest.includeImages ? ' (zip com imagens)' : ''}
          </a>
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm">
        {latest?.status === 'expirada' && latest.expiresAt
          ? `Sua última exportação expirou em ${formatDateTime(latest.expiresAt)} e foi apagada. Peça uma nova.`
          : latest?.status === 'falhou'
            ? 'Não conseguimos preparar sua última exportação. Tente de novo.'
            : `Sua conta tem muitos registros: preparamos a cópia em segundo plano, avisamos por e-mail e o arquivo fica disponível por ${countOf(state.ttlHours, 'hora', 'horas')}.`}
      </p>
      {askButton('Pedir exportação')}
      {error}
    </div>
  );
}

/** The holder's rights under the LGPD (Lei 13.709/2018, art. 18): a copy of the data, deletion. */
export function PrivacyDataCard() {
  const state = useDataExportState();
  const [includeImages, setIncludeImages] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Seus dados (LGPD)</h2>
        </CardTitle>
        <CardDescription>
          Pela Lei Geral de Proteção de Dados você pode obter uma cópia dos seus dados ou pedir a
          exclusão da sua conta a qualquer momento. A cópia inclui perfil, consentimentos,
          participações, pagamentos PIX, extrato, saques, limites de jogo, sessões, atendimentos e
          mensagens; nunca inclui senhas. As imagens dos documentos entram só se você pedir.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-start gap-3">
          <input
            id="export-include-images"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={includeImages}
            onChange={(e) => setIncludeImages(e.target.checked)}
          />
          <label htmlFor="export-include-images" className="text-sm leading-snug">
            Incluir as imagens dos documentos
            <span className="block text-muted-foreground">
              A cópia vira um arquivo .zip com os dados, o resumo e as fotos enviadas.
            </span>
          </label>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {state.data?.large ? (
            <PreparedExport state={state.data} includeImages={includeImages} />
          ) : (
            <Button asChild variant="outline">
              <a
                href={immediateExportUrl(includeImages)}
                download={
                  includeImages ? 'meus-dados-sorteio-certo.zip' : 'meus-dados-sorteio-certo.json'
                }
              >
                <Download aria-hidden="true" />
                Baixar meus dados
              </a>
            </Button>
          )}
          {/* A large account's summary is built with its prepared export: offered once ready. */}
          {!state.data?.large || state.data.latest?.status === 'pronta' ? (
            <Button asChild variant="outline">
              {/* The same data as a page to read or print; opened beside the profile. */}
              <a href={EXPORT_SUMMARY_URL} target="_blank" rel="noopener">
                <FileText aria-hidden="true" />
                Ver resumo para imprimir
              </a>
            </Button>
          ) : null}
          <DeleteAccountDialog />
        </div>
      </CardContent>
    </Card>
  );
}
