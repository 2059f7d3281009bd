import {
  defaultMessage,
  isErrorCode,
  type ApiErrorBody,
  type ErrorCode,
} from '@sorteio/shared/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@sorteio/shared/idempotency';
import type { z } from 'zod';

export type ApiIssue = { path: string; message: string };

/**
 * A failed call to /api. `message` is the server's Portuguese text (or the shared default for the
 * code), so screens can show it as is. status 0 means the request never got an answer.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues: ApiIssue[];
  readonly requestId: string | undefined;
  /** A finer reason for some codes, e.g. the auth library's EMAIL_NOT_VERIFIED. */
  readonly reason: string | undefined;

  constructor(options: {
    status: number;
    code: ErrorCode;
    message: string;
    issues?: ApiIssue[];
    requestId?: string;
    reason?: string;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues ?? [];
    this.requestId = options.requestId;
    this.reason = options.reason;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions<S extends z.ZodType | undefined = undefined> {
  method?: HttpMethod;
  /** Sent as JSON; a FormData goes as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  /** When given, the answer is validated with it and the parsed value is returned. */
  schema?: S;
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header (docs/decisions/027-idempotency-keys.md): the request is
   * then sent once more, with the same key, when its outcome is unknown (nginx's 503
   * OUTCOME_UNKNOWN, or no answer at all); the server acts at most once.
   */
  idempotencyKey?: string;
}

type Result<T, S> = S extends z.ZodType ? z.output<S> : T;

/** The code to use when the error body is missing or not ours (a proxy's HTML page, say). */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503 || status === 502 || status === 504) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL';
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, issues, requestId, reason } = body.error;
    const knownCode = isErrorCode(code) ? code : codeForStatus(status);
    return new ApiError({
      status,
      code: knownCode,
      message: typeof message === 'string' && message !== '' ? message : defaultMessage(knownCode),
      ...(Array.isArray(issues) ? { issues } : {}),
      ...(typeof requestId === 'string' ? { requestId } : {}),
      ...(typeof reason === 'string' ? { reason } : {}),
    });
  }
  const code = codeForStatus(status);
  return new ApiError({ status, code, message: defaultMessage(code) });
}

/** A new key for one person's action (one join, one top-up, one withdrawal). */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (HTTPS, localhost); 16 random bytes otherwise.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** The copy that took the request died before answering: it may or may not have taken effect. */
const isOutcomeUnknown = (status: number, body: unknown) =>
  status === 503 && isApiErrorBody(body) && body.error.reason === 'OUTCOME_UNKNOWN';

/**
 * Calls the API with the session cookie and JSON in both directions. It throws ApiError for every
 * failure and has no side effects: screens decide about toasts and redirects (STYLE.md, Errors).
 */
export async function api<T = unknown, S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiOptions<S> = {},
): Promise<Result<T, S>> {
  const { method = 'GET', body, schema, signal, idempotencyKey } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;

  let response: Response;
  let data: unknown;
  // With a key, a request whose outcome is unknown is sent once more: the key makes it safe.
  for (let attempt = 1; ; attempt += 1) {
    const mayResend = idempotencyKey !== undefined && attempt === 1;
    try {
      response = await fetch(path, {
        method,
        headers,
        credentials: 'include',
        ...(isForm ? { body } : body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      // A cancelled query must stay an AbortError so TanStack Query recognises it.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (mayResend) continue;
      throw new ApiError({
        status: 0,
        code: 'SERVICE_UNAVAILABLE',
        message: defaultMessage('SERVICE_UNAVAILABLE'),
      });
    }
    data = await readJson(response);
    if (mayResend && isOutcomeUnknown(response.status, data)) continue;
    break;
  }
  if (!response.ok) throw toApiError(response.status, data);

  if (schema) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      // The server broke its own contract: report it like a server error, not as bad input.
      throw new ApiError({
        status: response.status,
        code: 'INTERNAL',
        message: defaultMessage('INTERNAL'),
      });
    }
    return parsed.data as Result<T, S>;
  }
  return data as Result<T, S>;
}

/**
 * A write with a body (JSON or FormData) whose answer is validated with `schema`; money moves pass
 * an `idempotencyKey` made once per action (newIdempotencyKey).
 */
export function send<S extends z.ZodType>(
  method: Exclude<HttpMethod, 'GET'>,
  path: string,
  body: unknown,
  schema: S,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<z.output<S>> {
  return api(path, {
    method,
    body,
    schema,
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
  }) as Promise<z.output<S>>;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
