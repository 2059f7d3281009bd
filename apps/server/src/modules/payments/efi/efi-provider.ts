/**
 * The EFI (Efí Bank, formerly Gerencianet) Pix API adapter (docs/decisions/004-pix-provider-interface.md).
 *
 * Every call goes over mutual TLS with the account's .p12 certificate and carries an OAuth2 token
 * obtained with the client credentials:
 * https://dev.efipay.com.br/docs/api-pix/credenciais
 *
 * Failures become `PixProviderError`s. `retryable` is true for network errors, timeouts, 429 and
 * 5xx (the call may succeed later and every call here is safe to repeat: charges are keyed by
 * txid, transfers by idEnvio), and false for 4xx, malformed answers and TLS alerts (a refused
 * client certificate, or a server certificate we do not trust: nothing changes until an operator
 * fixes the configuration, and no request reached EFI). Under TLS 1.3 the server judges our
 * certificate after our side of the handshake, so a refused certificate may instead arrive as a
 * connection reset before any answer: that one stays retryable (a network reset looks the same)
 * and its message names the certificate settings to check.
 */
import type { ClientRequest } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { z } from 'zod';
import type { Config } from '../../../config';
import {
  type ChargeState,
  type CreateChargeInput,
  type CreatedCharge,
  type PixProvider,
  PixProviderError,
  type ReceivedPix,
  type SendPixInput,
  type SentPix,
  formatAmount,
  parseAmount,
  parseEfiWebhook,
} from '../pix-provider';
import { type PemKeyPair, loadP12 } from './certificates';

export interface EfiProviderOptions {
  /** Deadline of each HTTP request, connection included (default 10 s). */
  fetchTimeoutMs?: number;
  /** Extra CA to trust for the server certificate (tests: the fake server's CA). */
  ca?: Buffer | string | (Buffer | string)[];
  /** The client key and certificate already read (the configuration stored in the database). */
  pem?: PemKeyPair;
  /** Told of every answer EFI sent (the status banner records the last successful call). */
  onAnswer?: (answer: { method: string; route: string; status: number }) => void;
}

export interface EfiPixProvider extends PixProvider {
  readonly kind: 'efi';
  /** Closes the kept-alive connections (graceful shutdown, tests). */
  close(): void;
}

/** A refused EFI call, with EFI's error name (`nome`, e.g. "txid_duplicado") when it sent one. */
export class EfiApiError extends PixProviderError {
  constructor(
    message: string,
    readonly code: string | undefined,
    options: { status?: number; retryable: boolean; cause?: unknown; notSent?: boolean },
  ) {
    super(message, options);
    this.name = 'EfiApiError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Renew the token this long before EFI says it expires (clock skew, slow requests). */
const TOKEN_MARGIN_SECONDS = 60;
/** Answers are small JSON documents; the QR PNG is a few kB. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
/** Banco Central rules for cob txids and EFI's for idEnvio. */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;

// ---------------------------------------------------------------------------------------------
// Answer shapes (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas,
// .../envio-pagamento-pix, .../webhooks). Unknown fields are ignored: EFI adds fields over time.

const amountSchema = z
  .string()
  .regex(/^\d{1,10}\.\d{2}$/)
  .transform((value) => parseAmount(value));
const dateSchema = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'invalid date' })
  .transform((value) => new Date(value));

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});

const chargeStatusSchema = z.enum([
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
]);

const receivedPixSchema = z.object({
  endToEndId: z.string().min(1),
  txid: z.string().optional(),
  valor: amountSchema,
  horario: dateSchema,
});

const cobSchema = z.object({
  txid: z.string(),
  status: chargeStatusSchema,
  calendario: z.object({ criacao: dateSchema, expiracao: z.number().int().positive() }),
  loc: z.object({ id: z.number().int() }),
  valor: z.object({ original: amountSchema }),
  pixCopiaECola: z.string().optional(),
  pix: z.array(receivedPixSchema).optional(),
});

const qrcodeSchema = z.object({
  qrcode: z.string().min(1),
  imagemQrcode: z.string().startsWith('data:image/png;base64,'),
  linkVisualizacao: z.string().optional(),
});

const sentStatusSchema = z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO']);

const sendPixSchema = z.object({
  idEnvio: z.string(),
  e2eId: z.string().min(1).optional(),
  valor: amountSchema,
  status: sentStatusSchema,
});

const sentPixSchema = z.object({
  idEnvio: z.string(),
  endToEndId: z.string().min(1).optional(),
  valor: amountSchema,
  status: sentStatusSchema,
});

/** EFI's own errors are `{ nome, mensagem }`; the Banco Central endpoints answer RFC 7807
 *  problems `{ title, detail, violacoes }`; the token endpoint OAuth2 `{ error, error_description }`. */
const errorBodySchema = z.object({
  nome: z.string().optional(),
  mensagem: z.string().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  violacoes: z
    .array(z.object({ razao: z.string().optional(), propriedade: z.string().optional() }))
    .optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------

interface RawAnswer {
  status: number;
  body: unknown;
}

/** Failures before a connection existed: nothing of the request reached the provider. */
const NEVER_CONNECTED = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** TLS failures that mean "the certificates are wrong", as opposed to a flaky network. */
function isTlsRefusal(error: NodeJS.ErrnoException): boolean {
  const code = error.code ?? '';
  return (
    // Alerts from the server: certificate required, unknown CA, bad/expired certificate...
    (code.startsWith('ERR_SSL_') && code.includes('ALERT')) ||
    // Our own check of EFI's server certificate.
    code === 'ERR_TLS_CERT_ALTNAME_INVALID' ||
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)
  );
}

function describeError(
  method: string,
  route: string,
  status: number,
  body: unknown,
): { message: string; code?: string } {
  const parsed = errorBodySchema.safeParse(body);
  const where = `EFI ${method} ${route} answered ${status}`;
  if (!parsed.success) return { message: where };
  const e = parsed.data;
  const code = e.nome ?? e.error ?? e.title;
  const details = [
    e.mensagem ?? e.error_description ?? e.detail,
    ...(e.violacoes ?? []).map((v) => [v.propriedade, v.razao].filter(Boolean).join(': ')),
  ]
    .filter(Boolean)
    .join('; ');
  const text = [code, details].filter(Boolean).join(': ');
  return {
    message: text
      ? `${where}: ${text}`
      : typeof body === 'string' && body
        ? `${where}: ${body.slice(0, 200)}`
        : where,
    ...(code ? { code } : {}),
  };
}

export function createEfiProvider(
  efi: NonNullable<Config['efi']>,
  options: EfiProviderOptions = {},
): EfiPixProvider {
  const timeoutMs = options.fetchTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = efi.baseUrl.replace(/\/+$/, '');
  // Read at creation so a wrong path or password stops the server at start, not at the first payment.
  const { key, cert } = options.pem ?? loadP12(efi.certP12Path, efi.certPassword);
  const agent = new Agent({
    key,
    cert,
    keepAlive: true,
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const basicAuth = `Basic ${Buffer.from(`${efi.clientId}:${efi.clientSecret}`).toString('base64')}`;

  /** One HTTPS exchange. `route` is the documented path template, used in messages and logs. */
  function exchange(
    method: string,
    path: string,
    route: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<RawAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise<RawAnswer>((resolve, reject) => {
      let settled = false;
      let timedOut = false;
      let responded = false;
      const fail = (error: NodeJS.ErrnoException) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        if (timedOut) {
          reject(
            new EfiApiError(`EFI ${method} ${route}: no answer within ${timeoutMs} ms`, undefined, {
              retryable: true,
              cause: error,
            }),
          );
        } else if (isTlsRefusal(error)) {
          // The HTTP request is written only after the handshake: the provider never saw it.
          reject(
            new EfiApiError(
              `EFI ${method} ${route}: TLS handshake refused (${error.code ?? error.message}); check the client certificate (EFI_CERT_P12; production and sandbox certificates differ)`,
              undefined,
              { retryable: false, cause: error, notSent: !responded },
            ),
          );
        } else if (error.code === 'ECONNRESET' && !responded && !req.reusedSocket) {
          // Under TLS 1.3 the server checks our certificate after our side of the handshake is
          // done, so a refused certificate often shows up as a reset before any answer. A real
          // network reset looks the same, hence retryable, but say what to check.
          reject(
            new EfiApiError(
              `EFI ${method} ${route}: connection reset before any answer (ECONNRESET); if it persists, EFI is refusing the client certificate: check EFI_CERT_P12 and EFI_SANDBOX (production and sandbox certificates differ)`,
              undefined,
              { retryable: true, cause: error },
            ),
          );
        } else {
          reject(
            new EfiApiError(`EFI ${method} ${route}: ${error.code ?? error.message}`, undefined, {
              retryable: true,
              cause: error,
              notSent: !responded && NEVER_CONNECTED.has(error.code ?? ''),
            }),
          );
        }
      };
      let req: ClientRequest;
      try {
        req = httpsRequest(
          `${baseUrl}${path}`,
          {
            method,
            agent,
            headers: {
              accept: 'application/json',
              ...(payload
                ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
                : {}),
              ...headers,
            },
          },
          (res) => {
            responded = true;
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_RESPONSE_BYTES)
                fail(new Error(`answer larger than ${MAX_RESPONSE_BYTES} bytes`));
              else chunks.push(chunk);
            });
            res.on('error', fail);
            res.on('end', () => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = text;
              try {
                if (text) parsed = JSON.parse(text);
              } catch {
                // Not JSON (a proxy's error page): keep the text for the error message.
              }
              const status = res.statusCode ?? 0;
              try {
                options.onAnswer?.({ method, route, status });
              } catch {
                // An observer never fails the call.
              }
              resolve({ status, body: parsed });
            });
          },
        );
      } catch (error) {
        // Synchronous refusals (a header value node will not send): a bug, not a flaky network.
        reject(
          new EfiApiError(`EFI ${method} ${route}: ${String(error)}`, undefined, {
            retryable: false,
            cause: error,
          }),
        );
        return;
      }
      const timer = setTimeout(() => {
        timedOut = true;
        fail(new Error('timeout'));
      }, timeoutMs);
      req.on('error', fail);
      req.end(payload);
    });
  }

  // --- OAuth2 token (POST /oauth/token, https://dev.efipay.com.br/docs/api-pix/credenciais)

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const answer = await exchange(
      'POST',
      '/oauth/token',
      '/oauth/token',
      { authorization: basicAuth },
      { grant_type: 'client_credentials' },
    );
    if (answer.status < 200 || answer.status >= 300) throw toError('POST', '/oauth/token', answer);
    const parsed = parseAnswer(tokenSchema, answer, 'POST', '/oauth/token');
    const margin = Math.min(TOKEN_MARGIN_SECONDS, parsed.expires_in / 2);
    token = {
      value: parsed.access_token,
      renewAt: Date.now() + (parsed.expires_in - margin) * 1000,
    };
    return parsed.access_token;
  }

  function getToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    // Concurrent callers share one request instead of each asking for a token.
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  function toError(method: string, route: string, answer: RawAnswer): EfiApiError {
    const { message, code } = describeError(method, route, answer.status, answer.body);
    const retryable = answer.status === 429 || answer.status >= 500;
    return new EfiApiError(message, code, { status: answer.status, retryable });
  }

  function parseAnswer<S extends z.ZodType>(
    schema: S,
    answer: RawAnswer,
    method: string,
    route: string,
  ): z.output<S> {
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw new EfiApiError(`EFI ${method} ${route}: unexpected answer (${issues})`, undefined, {
        status: answer.status,
        retryable: false,
      });
    }
    return parsed.data;
  }

  /** An authenticated API call; a 401 drops the token and retries once with a new one. */
  async function call(
    method: string,
    path: string,
    route: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<RawAnswer> {
    for (let attempt = 1; ; attempt++) {
      let value: string;
      try {
        value = await getToken();
      } catch (error) {
        // Without a token this call's own request was never sent.
        if (!(error instanceof EfiApiError)) throw error;
        throw new EfiApiError(error.message, error.code, { ...error.options, notSent: true });
      }
      const answer = await exchange(
        method,
        path,
        route,
        { authorization: `Bearer ${value}`, ...options.headers },
        options.body,
      );
      if (answer.status === 401 && attempt === 1) {
        // Only drop the token this call used: a concurrent caller may already have renewed it.
        if (token?.value === value) token = null;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) throw toError(method, route, answer);
      return answer;
    }
  }

  async function callAndParse<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    route: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    const answer = await call(method, path, route, { body });
    return parseAnswer(schema, answer, method, route);
  }

  function requireId(value: string, pattern: RegExp, what: string): string {
    if (!pattern.test(value))
      throw new EfiApiError(`invalid ${what}: ${value}`, undefined, { retryable: false });
    return encodeURIComponent(value);
  }

  /** formatAmount refuses negative and fractional centavos; zero is left for EFI to refuse. */
  function efiAmount(centavos: number): string {
    try {
      return formatAmount(centavos);
    } catch (error) {
      throw new EfiApiError(`invalid amount in centavos: ${centavos}`, undefined, {
        retryable: false,
        cause: error,
      });
    }
  }

  function toChargeState(cob: z.output<typeof cobSchema>): ChargeState {
    return {
      txid: cob.txid,
      status: cob.status,
      amountCentavos: cob.valor.original,
      payments: (cob.pix ?? []).map((p): ReceivedPix => ({
        endToEndId: p.endToEndId,
        txid: p.txid ?? null,
        amountCentavos: p.valor,
        paidAt: p.horario,
      })),
    };
  }

  async function getCob(txid: string) {
    return callAndParse(
      cobSchema,
      'GET',
      `/v2/cob/${requireId(txid, TXID, 'txid')}`,
      '/v2/cob/:txid',
    );
  }

  async function getSentPix(idEnvio: string): Promise<SentPix> {
    const sent = await callAndParse(
      sentPixSchema,
      'GET',
      `/v2/gn/pix/enviados/id-envio/${requireId(idEnvio, ID_ENVIO, 'idEnvio')}`,
      '/v2/gn/pix/enviados/id-envio/:idEnvio',
    );
    return { idEnvio: sent.idEnvio, endToEndId: sent.endToEndId ?? null, status: sent.status };
  }

  return {
    kind: 'efi',

    // PUT /v2/cob/:txid then GET /v2/loc/:id/qrcode
    // https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas, https://dev.efipay.com.br/docs/api-pix/payload-locations
    async createCharge(input: CreateChargeInput): Promise<CreatedCharge> {
      const path = `/v2/cob/${requireId(input.txid, TXID, 'txid')}`;
      const description = input.description.trim().slice(0, 140);
      let cob: z.output<typeof cobSchema>;
      try {
        cob = await callAndParse(cobSchema, 'PUT', path, '/v2/cob/:txid', {
          calendario: { expiracao: input.expiresInSeconds },
          valor: { original: efiAmount(input.amountCentavos) },
          chave: efi.pixKey,
          ...(description ? { solicitacaoPagador: description } : {}),
        });
      } catch (error) {
        // A retry after a lost answer finds the charge already created: read it back, so that
        // creating a charge is safe to repeat, but never hand out a different charge's code.
        if (!(error instanceof EfiApiError && error.code === 'txid_duplicado')) throw error;
        cob = await getCob(input.txid);
        if (cob.valor.original !== input.amountCentavos || cob.status !== 'ATIVA') {
          throw new EfiApiError(
            `EFI charge ${input.txid} already exists with another amount or status`,
            'txid_duplicado',
            {
              status: error.options.status,
              retryable: false,
            },
          );
        }
      }
      const qr = await callAndParse(
        qrcodeSchema,
        'GET',
        `/v2/loc/${cob.loc.id}/qrcode`,
        '/v2/loc/:id/qrcode',
      );
      return {
        txid: cob.txid,
        brCode: qr.qrcode,
        qrPngDataUrl: qr.imagemQrcode,
        expiresAt: new Date(cob.calendario.criacao.getTime() + cob.calendario.expiracao * 1000),
      };
    },

    // GET /v2/cob/:txid: status CONCLUIDA means paid, with the received PIX in `pix`.
    async getCharge(txid: string): Promise<ChargeState> {
      return toChargeState(await getCob(txid));
    },

    // PUT /v3/gn/pix/:idEnvio, https://dev.efipay.com.br/docs/api-pix/envio-pagamento-pix
    async sendPix(input: SendPixInput): Promise<SentPix> {
      const path = `/v3/gn/pix/${requireId(input.idEnvio, ID_ENVIO, 'idEnvio')}`;
      const infoPagador = input.description?.trim().slice(0, 140);
      try {
        const sent = await callAndParse(sendPixSchema, 'PUT', path, '/v3/gn/pix/:idEnvio', {
          valor: efiAmount(input.amountCentavos),
          pagador: { chave: efi.pixKey, ...(infoPagador ? { infoPagador } : {}) },
          favorecido: { chave: input.pixKey },
        });
        return { idEnvio: sent.idEnvio, endToEndId: sent.e2eId ?? null, status: sent.status };
      } catch (error) {
        // EFI refuses a reused idEnvio with 409 id_envio_duplicado and does not pay again: the
        // transfer already exists (a retry after a lost answer), so report that one.
        if (!(error instanceof EfiApiError && error.code === 'id_envio_duplicado')) throw error;
        const existing = await callAndParse(
          sentPixSchema,
          'GET',
          `/v2/gn/pix/enviados/id-envio/${encodeURIComponent(input.idEnvio)}`,
          '/v2/gn/pix/enviados/id-envio/:idEnvio',
        );
        if (existing.valor !== input.amountCentavos) {
          throw new EfiApiError(
            `EFI idEnvio ${input.idEnvio} was already used for another amount`,
            'id_envio_duplicado',
            {
              status: error.options.status,
              retryable: false,
            },
          );
        }
        return {
          idEnvio: existing.idEnvio,
          endToEndId: existing.endToEndId ?? null,
          status: existing.status,
        };
      }
    },

    // GET /v2/gn/pix/enviados/id-envio/:idEnvio
    getSentPix,

    // PUT /v2/webhook/:chave, https://dev.efipay.com.br/docs/api-pix/webhooks
    async registerWebhook(url: string): Promise<void> {
      // "false": EFI checks that our endpoint demands its client certificate (mTLS) before
      // accepting the URL; docs/efi.md explains the server side.
      await call('PUT', `/v2/webhook/${encodeURIComponent(efi.pixKey)}`, '/v2/webhook/:chave', {
        body: { webhookUrl: url },
        headers: { 'x-skip-mtls-checking': 'false' },
      });
    },

    parseWebhook(body: unknown): ReceivedPix[] {
      return parseEfiWebhook(body);
    },

    async checkConnection(): Promise<string> {
      // Always a fresh token request: a cached token proves nothing about the credentials now.
      token = null;
      await requestToken();
      return `token OAuth obtido de ${efi.baseUrl}`;
    },

    close() {
      agent.destroy();
    },
  };
}
