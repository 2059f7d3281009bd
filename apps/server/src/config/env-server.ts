/**
 * The environment of the server itself: its address and data, the database, secrets and logs,
 * and how the copies of a cluster share work (Redis, background jobs, shutdown, HTTP timeouts).
 */
import { z } from 'zod';
import { isAddressOrRange } from './env-fields';

export const serverEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'deve ser um número de porta' })
    .int()
    .min(0)
    .max(65535, { error: 'deve ser uma porta entre 0 e 65535' })
    .default(3000),
  BASE_URL: z
    .url({ error: 'deve ser uma URL completa, por exemplo https://sorteio.exemplo.com.br' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'deve começar com postgres:// ou postgresql://' })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** A hot standby for reads that may lag a second (docs/decisions/022-backups-and-standby.md). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'deve começar com postgres:// ou postgresql://' })
    .optional(),
  /** Bearer token a Prometheus on another machine sends to /metrics. */
  METRICS_TOKEN: z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }).optional(),
  APP_SECRET: z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }).optional(),
  /** Earlier APP_SECRETs, comma-separated, newest first: they still open what they sealed. */
  APP_SECRET_PREVIOUS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .refine((list) => list.every((s) => s.length >= 32), {
      error: 'cada chave deve ter pelo menos 32 caracteres',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Whose X-Forwarded-* headers are believed: false (nobody), true (any hop: only when the
   * server is reachable through the proxy alone), or the proxies' addresses / CIDR ranges,
   * comma-separated (the cluster: 127.0.0.1).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | string[] => {
      const lower = v.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(lower)) return true;
      if (['false', '0', 'no', 'off'].includes(lower)) return false;
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.length === 0 || !list.every(isAddressOrRange)) {
        ctx.addIssue({
          code: 'custom',
          message: 'use true, false ou endereços / faixas CIDR separados por vírgula',
        });
        return z.NEVER;
      }
      return list;
    }),
  /** Redis shared by the copies (rate limits, socket caps); unset: counted in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'deve começar com redis:// ou rediss://' })
    .optional(),
  /** Key prefix in Redis (several deployments on one Redis). */
  REDIS_PREFIX: z.string().min(1).max(64).default('sorteio:'),
  /**
   * On SIGTERM: how long the copy keeps answering (not ready, closing every connection after
   * its answer) before it stops accepting connections, so the load balancer moves away first.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Background jobs: how often a copy looks for jobs whose copy died (expired, then retried by
   * another copy); how long a mail job may run before it counts as dead; the first retry's delay.
   */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MAIL_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  STATIC_DIR: z.string().optional(),
};
