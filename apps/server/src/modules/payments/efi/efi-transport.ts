/**
 * One HTTPS exchange with the EFI Pix API over mutual TLS, and the errors it becomes
 * (efi-provider.ts explains when a failure is retryable).
 */
import type { ClientRequest } from 'node:http';
import { type Agent, request as httpsRequest } from 'node:https';
import { PixProviderError } from '../pix-provider';
import { errorBodySchema } from './efi-schemas';

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

/** Answers are small JSON documents; the QR PNG is a few kB. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

export interface RawAnswer {
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

export function describeError(
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
/** The HTTPS exchange of one provider: its base URL, mTLS agent, deadline and answer observer. */
export function createExchange(
  baseUrl: string,
  agent: Agent,
  timeoutMs: number,
  options: { onAnswer?: (answer: { method: string; route: string; status: number }) => void },
) {
  /** One HTTPS exchange. `route` is the documented path template, used in messages and logs. */
  return function exchange(
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
  };
}
