import { type ErrorCode, errorCodes } from '@sorteio/shared';

/** The one error type services throw; the error handler turns it into the JSON answer. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    options: {
      message?: string;
      status?: number;
      cause?: unknown;
      reason?: string;
      /** Sent as Retry-After (a 429 or a 503 the caller may simply retry). */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(options.message ?? errorCodes[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? errorCodes[code].status;
    this.reason = options.reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly retryAfterSeconds: number | undefined;
  /** A finer machine-readable reason (e.g. better-auth's EMAIL_NOT_VERIFIED). */
  readonly reason: string | undefined;
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message ? { message } : {});
export const forbidden = (message?: string) =>
  new AppError('FORBIDDEN', message ? { message } : {});
export const unauthenticated = () => new AppError('UNAUTHENTICATED');

/** Drizzle wraps driver errors: the Postgres SQLSTATE is on the cause (STACK.md). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint name of a unique / check violation, when the driver reports it. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATEs of a database that is down, restarting, refusing connections or shedding load. */
const DATABASE_DOWN_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|read ECONNRESET|Client has encountered a connection error|Connection ended unexpectedly/;
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Which shared part an unexpected error says is down, if any: the caller answers 503 with
 * Retry-After (nothing was done; retrying later is safe) instead of a 500.
 */
export function outageOf(error: unknown): 'database' | 'storage' | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (DATABASE_DOWN_CODES.has(code)) return 'database';
      if (STORAGE_FULL_CODES.has(code)) return 'storage';
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return 'database';
    }
    if (typeof message === 'string' && DATABASE_DOWN_MESSAGES.test(message)) return 'database';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
