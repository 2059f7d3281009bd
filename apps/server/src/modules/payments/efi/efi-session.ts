/**
 * The authenticated side of the EFI Pix API adapter (efi-provider.ts): the mutual-TLS agent with
 * the account's .p12 certificate, the OAuth2 token obtained with the client credentials and
 * renewed before it expires, and the calls that carry it, their refusals turned into
 * `EfiApiError`s: https://dev.efipay.com.br/docs/api-pix/credenciais
 */
import { Agent } from 'node:https';
import type { z } from 'zod';
import type { Config } from '../../../config';
import { type PemKeyPair, loadP12 } from './certificates';
import { tokenSchema } from './efi-schemas';
import { EfiApiError, type RawAnswer, createExchange, describeError } from './efi-transport';

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

export interface EfiSession {
  /** An authenticated API call; a 401 drops the token and retries once with a new one. */
  call: (
    method: string,
    path: string,
    route: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<RawAnswer>;
  /** An authenticated API call whose answer must match `schema`. */
  callAndParse: <S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    route: string,
    body?: unknown,
  ) => Promise<z.output<S>>;
  /** Asks for a new token, never answering with the cached one. */
  renewToken: () => Promise<void>;
  /** Closes the kept-alive connections. */
  close: () => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Renew the token this long before EFI says it expires (clock skew, slow requests). */
const TOKEN_MARGIN_SECONDS = 60;

export function createEfiSession(
  efi: NonNullable<Config['efi']>,
  options: EfiProviderOptions = {},
): EfiSession {
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
  const exchange = createExchange(baseUrl, agent, timeoutMs, options);

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

  return {
    call,
    async callAndParse(schema, method, path, route, body) {
      const answer = await call(method, path, route, { body });
      return parseAnswer(schema, answer, method, route);
    },
    async renewToken() {
      token = null;
      await requestToken();
    },
    close() {
      agent.destroy();
    },
  };
}
