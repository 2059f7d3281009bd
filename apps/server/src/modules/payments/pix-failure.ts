/**
 * A provider failure told in Portuguese for the operator: what went wrong and what to check.
 * The provider's own message (English codes such as ENOTFOUND) is kept apart as the detail.
 */
import { PixProviderError } from './pix-provider';

const NETWORK: Record<string, string> = {
  ENOTFOUND:
    'O endereço do provedor PIX não foi encontrado (falha de DNS). Confira o ambiente escolhido (Homologação ou Produção) e a conexão do servidor com a internet.',
  EAI_AGAIN:
    'O endereço do provedor PIX não pôde ser consultado agora (DNS indisponível). Confira a conexão do servidor e tente novamente.',
  ECONNREFUSED:
    'O provedor PIX recusou a conexão. Confira o ambiente escolhido e se o servidor pode acessá-lo.',
  EHOSTUNREACH:
    'O provedor PIX está inacessível a partir deste servidor (rede). Confira a conexão.',
  ENETUNREACH: 'O servidor está sem rede para alcançar o provedor PIX. Confira a conexão.',
  ECONNRESET:
    'O provedor encerrou a conexão antes de responder. Se persistir, ele está recusando o certificado: confira se o certificado é do ambiente escolhido.',
};

function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in NETWORK) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function describePixFailure(error: unknown): string {
  const code = codeOf(error);
  if (code) return NETWORK[code]!;
  const message = error instanceof Error ? error.message : String(error);
  if (/TLS handshake refused/.test(message))
    return 'A conexão segura (TLS) foi recusada: o certificado não é aceito por este ambiente ou está vencido. Confira o certificado e o ambiente escolhido.';
  if (/no answer within/.test(message))
    return 'O provedor PIX não respondeu a tempo. Tente novamente em alguns minutos.';
  const status = error instanceof PixProviderError ? error.options.status : undefined;
  if (status === 401 || /invalid_client/.test(message))
    return 'Credenciais recusadas pelo provedor: confira o clientId e o clientSecret, e se são do ambiente escolhido.';
  if (status === 403)
    return 'O provedor recusou o acesso: confira as permissões (escopos) da aplicação na conta EFI.';
  if (status !== undefined && status >= 500)
    return `O provedor PIX está com problemas (HTTP ${status}). Tente novamente em alguns minutos.`;
  if (status !== undefined) return `O provedor PIX recusou o pedido (HTTP ${status}).`;
  return 'Não foi possível conectar com o provedor PIX.';
}
