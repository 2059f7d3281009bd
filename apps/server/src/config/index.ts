/**
 * The one place that reads the environment. Every variable is documented in the README.
 * On the embedded default nothing needs to be set: APP_SECRET is generated on first start and
 * kept in DATA_DIR.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OperatorAuthorization } from '@sorteio/shared';
import { envSchema, isDemo } from './env-schema';
import type { Config } from './types';

export type { Env } from './env-schema';
export type { Config } from './types';

/** The DEMONSTRATION authorisation: made-up values, marked as such wherever they are shown. */
const demoAuthorization: OperatorAuthorization = {
  authority: 'Secretaria de Prêmios e Apostas do Ministério da Fazenda (demonstração)',
  act: 'Portaria de demonstração nº 0000',
  date: '2026-01-01',
  url: 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas',
  demonstration: true,
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads (or creates once) the secret kept in the data folder for the embedded default. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface LoadConfigOptions {
  /** Tests pass an in-memory database and skip touching the data folder for the secret. */
  overrides?: Partial<Config>;
}

export function loadConfig(
  env: Record<string, string | undefined>,
  options: LoadConfigOptions = {},
): Config {
  // Empty strings mean "not set" (a blank line in an .env file).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'ambiente'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Validation guaranteed all four or none; none outside production means the demonstration.
  const authorization: OperatorAuthorization | null =
    e.OPERATOR_AUTHORIZATION_AUTHORITY &&
    e.OPERATOR_AUTHORIZATION_ACT &&
    e.OPERATOR_AUTHORIZATION_DATE &&
    e.OPERATOR_AUTHORIZATION_URL
      ? {
          authority: e.OPERATOR_AUTHORIZATION_AUTHORITY,
          act: e.OPERATOR_AUTHORIZATION_ACT,
          date: e.OPERATOR_AUTHORIZATION_DATE,
          url: e.OPERATOR_AUTHORIZATION_URL,
          demonstration: false,
        }
      : e.NODE_ENV === 'production' && !isDemo(e)
        ? null
        : demoAuthorization;
  const database: Config['database'] = e.DATABASE_URL
    ? {
        kind: 'postgres',
        url: e.DATABASE_URL,
        poolMax: e.DATABASE_POOL_MAX,
        readUrl: e.DATABASE_READ_URL ?? null,
        guardTransactions: env.VITEST !== undefined || e.NODE_ENV === 'test',
      }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  const base: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    database,
    appSecret: e.APP_SECRET ?? options.overrides?.appSecret ?? loadOrCreateSecret(dataDir),
    appSecretPrevious: e.APP_SECRET_PREVIOUS,
    metricsToken: e.METRICS_TOKEN,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    // Demo accounts only on the embedded database, unless explicitly asked for.
    seedDemo: e.SEED_DEMO ?? database.kind === 'pglite',
    staffTwoFactorRequired:
      (e.NODE_ENV === 'production' && !isDemo(e)) || (e.STAFF_2FA_REQUIRED ?? false),
    staffIdleTimeoutMinutes: e.STAFF_IDLE_TIMEOUT_MINUTES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitSignInMax: e.RATE_LIMIT_SIGN_IN_MAX,
    rateLimitAccountMax: e.RATE_LIMIT_ACCOUNT_MAX ?? null,
    rateLimitJoinMax: e.RATE_LIMIT_JOIN_MAX,
    rateLimitAddressMax: e.RATE_LIMIT_ADDRESS_MAX,
    ws: {
      maxPerAddress: e.WS_MAX_PER_ADDRESS,
      maxPerAccount: e.WS_MAX_PER_ACCOUNT,
      maxTotal: e.WS_MAX_TOTAL,
      attemptsPerAddress: e.WS_ATTEMPTS_PER_ADDRESS,
    },
    jobs: {
      maintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
      mailExpireSeconds: e.MAIL_JOB_EXPIRE_SECONDS,
      mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS + 1),
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    ocr: {
      engine: e.OCR_ENGINE,
      tesseractPath: e.TESSERACT_PATH,
      timeoutMs: e.OCR_TIMEOUT_SECONDS * 1000,
      queueMax: e.OCR_QUEUE_MAX,
      processEnv: env,
    },
    dataExport: { ttlHours: e.DATA_EXPORT_TTL_HOURS, largeRows: e.DATA_EXPORT_LARGE_ROWS },
    publicCacheMs: e.PUBLIC_CACHE_MS,
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : null,
    mail: e.SMTP_URL
      ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM }
      : { kind: 'outbox', dir: path.join(dataDir, 'outbox'), from: e.MAIL_FROM },
    mailOutboxPage:
      !e.SMTP_URL &&
      (e.MAIL_OUTBOX_PAGE ??
        (e.NODE_ENV !== 'production' && !(e.BASE_URL ?? '').startsWith('https://'))),
    supportEmail: e.SUPPORT_EMAIL,
    supportWhatsapp: e.SUPPORT_WHATSAPP,
    operator: {
      name: e.OPERATOR_NAME,
      cnpj: e.OPERATOR_CNPJ,
      address: e.OPERATOR_ADDRESS,
      authorization,
    },
    startWarnings: authorization
      ? []
      : [
          'Servidor iniciado SEM autorização do operador (OPERATOR_AUTHORIZATION_ACK=sem-autorizacao): os jogadores são informados de que nenhuma autorização foi informada.',
        ],
    ai:
      e.AI_BASE_URL && e.AI_API_KEY && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL,
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
            firstTokenTimeoutMs: Math.min(e.AI_FIRST_TOKEN_TIMEOUT_MS, e.AI_TIMEOUT_MS),
          }
        : null,
    rateLimitSupportMax: e.RATE_LIMIT_SUPPORT_MAX,
    pixProvider: e.PIX_PROVIDER,
    pix: {
      chargeExpirySeconds: e.PIX_CHARGE_EXPIRY_SECONDS,
      seatHoldSeconds: Math.max(e.PIX_SEAT_HOLD_SECONDS, e.PIX_CHARGE_EXPIRY_SECONDS),
      receiverName: e.PIX_RECEIVER_NAME,
      receiverCity: e.PIX_RECEIVER_CITY,
      simulatorKey: e.PIX_SIMULATOR_KEY,
      webhookSecret: '',
      webhookMtlsHeader: e.PIX_WEBHOOK_MTLS_HEADER,
    },
    efi:
      e.EFI_CLIENT_ID && e.EFI_CLIENT_SECRET && e.EFI_PIX_KEY && e.EFI_CERT_P12
        ? {
            clientId: e.EFI_CLIENT_ID,
            clientSecret: e.EFI_CLIENT_SECRET,
            pixKey: e.EFI_PIX_KEY,
            certP12Path: path.resolve(e.EFI_CERT_P12),
            certPassword: e.EFI_CERT_PASSWORD ?? '',
            sandbox: e.EFI_SANDBOX,
            baseUrl:
              e.EFI_BASE_URL ??
              (e.EFI_SANDBOX ? 'https://pix-h.api.efipay.com.br' : 'https://pix.api.efipay.com.br'),
          }
        : null,
    efiHosts: {
      sandbox: e.EFI_SANDBOX_URL,
      production: e.EFI_PRODUCTION_URL,
      extraCaPath: e.EFI_EXTRA_CA ? path.resolve(e.EFI_EXTRA_CA) : undefined,
    },
    notify: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM,
              baseUrl: e.TWILIO_BASE_URL.replace(/\/$/, ''),
            }
          : null,
      whatsapp:
        e.WHATSAPP_ACCESS_TOKEN &&
        e.WHATSAPP_PHONE_NUMBER_ID &&
        e.WHATSAPP_APP_SECRET &&
        e.WHATSAPP_VERIFY_TOKEN
          ? {
              accessToken: e.WHATSAPP_ACCESS_TOKEN,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              appSecret: e.WHATSAPP_APP_SECRET,
              verifyToken: e.WHATSAPP_VERIFY_TOKEN,
              apiVersion: e.WHATSAPP_API_VERSION,
              baseUrl: e.WHATSAPP_BASE_URL.replace(/\/$/, ''),
              language: e.WHATSAPP_TEMPLATE_LANGUAGE,
            }
          : null,
      timeoutMs: e.NOTIFY_TIMEOUT_MS,
      dailyLimit: e.NOTIFY_DAILY_LIMIT,
      backoffBaseSeconds: e.NOTIFY_RETRY_BASE_SECONDS,
    },
    cashbackBp: Math.round(e.CASHBACK_PERCENT * 100),
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            sse: e.S3_SSE ? { algorithm: e.S3_SSE, kmsKeyId: e.S3_SSE_KMS_KEY_ID ?? null } : null,
          }
        : null,
    beacon:
      e.DRAND_URL &&
      e.DRAND_CHAIN_HASH &&
      e.DRAND_PUBLIC_KEY &&
      e.DRAND_PERIOD !== undefined &&
      e.DRAND_GENESIS_TIME !== undefined
        ? {
            url: e.DRAND_URL.replace(/\/+$/, ''),
            chain: {
              hash: e.DRAND_CHAIN_HASH,
              public_key: e.DRAND_PUBLIC_KEY,
              period: e.DRAND_PERIOD,
              genesis_time: e.DRAND_GENESIS_TIME,
              scheme: 'bls-unchained-g1-rfc9380',
            },
            timeoutMs: e.DRAND_TIMEOUT_MS,
            retryMaxSeconds: e.DRAND_RETRY_MAX_SECONDS,
          }
        : null,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    },
    version: env.npm_package_version ?? '0.1.0',
  };
  const merged = { ...base, ...options.overrides };
  // The webhook path secret is derived from APP_SECRET, so every server copy agrees on it.
  merged.pix = {
    ...merged.pix,
    webhookSecret: createHmac('sha256', merged.appSecret)
      .update('pix-webhook')
      .digest('hex')
      .slice(0, 32),
  };
  return merged;
}
