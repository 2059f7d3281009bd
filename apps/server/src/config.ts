/**
 * The one place that reads the environment. Every variable is documented in the README.
 * On the embedded default nothing needs to be set: APP_SECRET is generated on first start and
 * kept in DATA_DIR.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type BeaconChain,
  isValidCnpj,
  onlyDigits,
  type OperatorAuthorization,
} from '@sorteio/shared';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'use true ou false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z
  .object({
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
    ADMIN_EMAIL: z
      .email({ error: 'deve ser um e-mail válido' })
      .default('admin@sorteiocerto.com.br'),
    ADMIN_PASSWORD: z.string().min(8, { error: 'deve ter pelo menos 8 caracteres' }).optional(),
    SEED_DEMO: boolFromEnv.optional(),
    /** Two-factor sign-in for every staff role; always on in production (see the check below). */
    STAFF_2FA_REQUIRED: boolFromEnv.optional(),
    /** Minutes without a request after which a staff session ends (players: the settings). */
    STAFF_IDLE_TIMEOUT_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(30),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_JOIN_MAX: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(3000),
    WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
    WS_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    WS_MAX_TOTAL: z.coerce.number().int().min(1).default(10_000),
    WS_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).default(4),
    /** OCR of identity documents: tesseract.js from npm (default) or the Tesseract command line. */
    OCR_ENGINE: z
      .enum(['npm', 'tesseract', 'off'], { error: 'use npm, tesseract ou off' })
      .default('npm'),
    TESSERACT_PATH: z.string().min(1).default('tesseract'),
    OCR_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
    /** Documents waiting for the OCR worker at most; more are refused (the check is "not done"). */
    OCR_QUEUE_MAX: z.coerce.number().int().min(1).max(1000).default(20),
    /** Hours a prepared personal-data export stays downloadable. */
    DATA_EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    /** Rows above which the personal-data export is prepared in the background (see data-export-job.ts). */
    DATA_EXPORT_LARGE_ROWS: z.coerce.number().int().min(0).default(5000),
    PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    STATIC_DIR: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: 'deve começar com smtp:// ou smtps://' })
      .optional(),
    MAIL_OUTBOX_PAGE: boolFromEnv.optional(),
    MAIL_FROM: z.string().min(3).default('Sorteio Certo <nao-responda@sorteiocerto.com.br>'),
    SUPPORT_EMAIL: z.email().default('suporte@sorteiocerto.com.br'),
    SUPPORT_WHATSAPP: z.string().default('(11) 4000-0000'),
    // The company that operates the platform, shown in the footer. The defaults are a
    // DEMONSTRATION company: a real operation must set its own.
    OPERATOR_NAME: z.string().trim().min(2).max(200).default('Sorteio Certo Demonstração Ltda.'),
    OPERATOR_CNPJ: z
      .string()
      .trim()
      .refine(isValidCnpj, {
        error: 'CNPJ inválido (confira os 14 dígitos e os dígitos verificadores)',
      })
      .transform(onlyDigits)
      .default('11222333000181'),
    OPERATOR_ADDRESS: z
      .string()
      .trim()
      .min(5)
      .max(300)
      .default(
        'Endereço de demonstração: Av. Paulista, 1000, Bela Vista, São Paulo - SP, 01310-100',
      ),
    // The authorisation to run paid draws, shown with the operator. Unset, the demo
    // and development show DEMONSTRATION values; a real production server needs the four, or
    // OPERATOR_AUTHORIZATION_ACK=sem-autorizacao to start without (and says so in its log).
    OPERATOR_AUTHORIZATION_AUTHORITY: z.string().trim().min(2).max(200).optional(),
    OPERATOR_AUTHORIZATION_ACT: z.string().trim().min(2).max(200).optional(),
    OPERATOR_AUTHORIZATION_DATE: z
      .string()
      .trim()
      .refine(isValidIsoDate, { error: 'deve ser uma data válida no formato AAAA-MM-DD' })
      .optional(),
    OPERATOR_AUTHORIZATION_URL: z
      .string()
      .trim()
      .refine(isHttpsUrl, {
        error: 'deve ser o endereço https:// do registro público da autorização',
      })
      .optional(),
    OPERATOR_AUTHORIZATION_ACK: z
      .literal('sem-autorizacao', {
        error: 'o único valor aceito é sem-autorizacao',
      })
      .optional(),
    AI_BASE_URL: z
      .url({ error: 'deve ser uma URL, por exemplo https://api.openai.com/v1' })
      .optional(),
    AI_API_KEY: z.string().min(1).optional(),
    AI_MODEL: z.string().min(1).optional(),
    AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
    AI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(8_000),
    RATE_LIMIT_SUPPORT_MAX: z.coerce.number().int().min(1).default(20),
    PIX_PROVIDER: z.enum(['simulator', 'efi']).default('simulator'),
    PIX_CHARGE_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    PIX_SEAT_HOLD_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
    PIX_RECEIVER_NAME: z.string().min(1).max(25).default('SORTEIO CERTO'),
    PIX_RECEIVER_CITY: z.string().min(1).max(15).default('SAO PAULO'),
    PIX_SIMULATOR_KEY: z.string().min(1).default('pix@sorteiocerto.com.br'),
    PIX_WEBHOOK_MTLS_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: 'nome de cabeçalho em minúsculas' })
      .optional(),
    EFI_CLIENT_ID: z.string().min(1).optional(),
    EFI_CLIENT_SECRET: z.string().min(1).optional(),
    EFI_PIX_KEY: z.string().min(1).optional(),
    EFI_CERT_P12: z.string().min(1).optional(),
    EFI_CERT_PASSWORD: z.string().optional(),
    EFI_SANDBOX: boolFromEnv.default(true),
    EFI_BASE_URL: z.url().optional(),
    /** Hosts used by the configuration stored from /gerencianet-config (tests: a fake EFI). */
    EFI_SANDBOX_URL: z.url().default('https://pix-h.api.efipay.com.br'),
    EFI_PRODUCTION_URL: z.url().default('https://pix.api.efipay.com.br'),
    /** PEM file of an extra CA trusted for the EFI server certificate (tests: the fake EFI's CA). */
    EFI_EXTRA_CA: z.string().min(1).optional(),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'deve começar com AC seguido de 32 caracteres' })
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The sender: a Twilio number in E.164, or a Messaging Service (MG...). */
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
    WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d+$/, { error: 'deve ter só dígitos' })
      .optional(),
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, { error: 'use o formato v21.0' })
      .default('v21.0'),
    WHATSAPP_BASE_URL: z.url().default('https://graph.facebook.com'),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('pt_BR'),
    NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(10_000),
    NOTIFY_DAILY_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
    NOTIFY_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
    CASHBACK_PERCENT: z.coerce.number().min(0).max(50).default(2),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z
      .url({ error: 'deve ser uma URL, por exemplo https://s3.amazonaws.com' })
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: boolFromEnv.default(true),
    S3_SSE: boolFromEnv.default(false),
    /** drand beacon (docs/decisions/024-drand-beacon.md): the HTTP API's base URL. */
    DRAND_URL: z.url({ error: 'deve ser uma URL, por exemplo https://api.drand.sh' }).optional(),
    /** The chain pinned by its /info: hash, public key, period and genesis time. */
    DRAND_CHAIN_HASH: z
      .string()
      .regex(/^[0-9a-f]{64}$/, { error: 'deve ter 64 dígitos hexadecimais minúsculos' })
      .optional(),
    DRAND_PUBLIC_KEY: z
      .string()
      .regex(/^[0-9a-f]{192}$/, {
        error: 'deve ter 192 dígitos hexadecimais minúsculos (chave BLS em G2)',
      })
      .optional(),
    DRAND_PERIOD: z.coerce.number().int().min(1).max(3600).optional(),
    DRAND_GENESIS_TIME: z.coerce.number().int().min(0).optional(),
    DRAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** The longest wait between two fetch attempts of a round that could not be had. */
    DRAND_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** Web push (RFC 8292): both keys or neither; neither = a pair made once, kept sealed in the database. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, {
        error: 'deve ser a chave pública P-256 em base64url (87 caracteres)',
      })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, {
        error: 'deve ser a chave privada P-256 em base64url (43 caracteres)',
      })
      .optional(),
    /** Who the push services contact about this sender: mailto: or https:// (SUPPORT_EMAIL by default). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { error: 'deve começar com mailto: ou https://' })
      .optional(),
  })
  .superRefine((env, ctx) => {
    const drandVars = [
      'DRAND_URL',
      'DRAND_CHAIN_HASH',
      'DRAND_PUBLIC_KEY',
      'DRAND_PERIOD',
      'DRAND_GENESIS_TIME',
    ] as const;
    const missingDrand = drandVars.filter((name) => env[name] === undefined);
    // A beacon half configured would draw without it: all five or none.
    if (missingDrand.length > 0 && missingDrand.length < drandVars.length)
      ctx.addIssue({
        code: 'custom',
        path: [missingDrand[0]!],
        message: `é obrigatório junto com as outras variáveis DRAND_* (faltam: ${missingDrand.join(', ')})`,
      });
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'],
        message: 'é obrigatório junto com a outra chave VAPID_*',
      });
    if (env.PIX_PROVIDER === 'efi') {
      for (const key of [
        'EFI_CLIENT_ID',
        'EFI_CLIENT_SECRET',
        'EFI_PIX_KEY',
        'EFI_CERT_P12',
      ] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'é obrigatório com PIX_PROVIDER=efi',
          });
      }
    }
    if (env.TWILIO_ACCOUNT_SID && (!env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_AUTH_TOKEN'],
        message: 'TWILIO_AUTH_TOKEN e TWILIO_FROM são obrigatórios com TWILIO_ACCOUNT_SID',
      });
    }
    if (
      env.WHATSAPP_ACCESS_TOKEN &&
      (!env.WHATSAPP_PHONE_NUMBER_ID || !env.WHATSAPP_APP_SECRET || !env.WHATSAPP_VERIFY_TOKEN)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_PHONE_NUMBER_ID'],
        message:
          'WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET e WHATSAPP_VERIFY_TOKEN são obrigatórios com WHATSAPP_ACCESS_TOKEN',
      });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY são obrigatórios com S3_BUCKET',
      });
    }
    // Staff hold the power over money and personal data: in production their two-factor sign-in
    // cannot be switched off, by this variable or by the "2FA obrigatório" setting. The demo
    // (`npm start`: production build with the seeded demo accounts) keeps today's behaviour.
    if (env.NODE_ENV === 'production' && !isDemo(env) && env.STAFF_2FA_REQUIRED === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_2FA_REQUIRED'],
        message: 'não pode ser false em produção (a equipe sempre usa verificação em duas etapas)',
      });
    }
    const authorizationVars = [
      'OPERATOR_AUTHORIZATION_AUTHORITY',
      'OPERATOR_AUTHORIZATION_ACT',
      'OPERATOR_AUTHORIZATION_DATE',
      'OPERATOR_AUTHORIZATION_URL',
    ] as const;
    const missingAuthorization = authorizationVars.filter((name) => !env[name]);
    // Half an authorisation would show a statement players cannot check: all four or none.
    if (missingAuthorization.length > 0 && missingAuthorization.length < authorizationVars.length) {
      ctx.addIssue({
        code: 'custom',
        path: [missingAuthorization[0]!],
        message: `é obrigatório junto com as outras variáveis OPERATOR_AUTHORIZATION_* (faltam: ${missingAuthorization.join(', ')})`,
      });
    } else if (
      missingAuthorization.length > 0 &&
      env.NODE_ENV === 'production' &&
      !isDemo(env) &&
      !env.OPERATOR_AUTHORIZATION_ACK
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_AUTHORIZATION_AUTHORITY'],
        message:
          'a autorização do operador é obrigatória em produção: defina OPERATOR_AUTHORIZATION_AUTHORITY, OPERATOR_AUTHORIZATION_ACT, OPERATOR_AUTHORIZATION_DATE e OPERATOR_AUTHORIZATION_URL, ou OPERATOR_AUTHORIZATION_ACK=sem-autorizacao para iniciar sem ela',
      });
    }
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'só vale junto com DATABASE_URL (o banco embutido não tem réplica)',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message:
          'é obrigatório com DATABASE_URL em produção (todas as cópias do servidor precisam do mesmo segredo)',
      });
    }
  });

/**
 * The demo: the seeded demo accounts (SEED_DEMO, on by default on the embedded database). A real
 * deployment has no demo accounts; its staff rules are the production ones.
 */
function isDemo(env: { SEED_DEMO?: boolean | undefined; DATABASE_URL?: string | undefined }) {
  return env.SEED_DEMO ?? !env.DATABASE_URL;
}

function isAddressOrRange(value: string): boolean {
  try {
    if (value.includes('/')) ipaddr.parseCIDR(value);
    else ipaddr.parse(value);
    return true;
  } catch {
    return false;
  }
}

function isValidIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The DEMONSTRATION authorisation: made-up values, marked as such wherever they are shown. */
const demoAuthorization: OperatorAuthorization = {
  authority: 'Secretaria de Prêmios e Apostas do Ministério da Fazenda (demonstração)',
  act: 'Portaria de demonstração nº 0000',
  date: '2026-01-01',
  url: 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas',
  demonstration: true,
};

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  baseUrl: string;
  dataDir: string;
  database:
    | { kind: 'pglite'; dataDir: string | null }
    | {
        kind: 'postgres';
        url: string;
        poolMax: number;
        /** A standby for reads that may lag (DATABASE_READ_URL); null: the primary. */
        readUrl?: string | null;
      };
  /** Bearer token for /metrics from another machine (METRICS_TOKEN). */
  metricsToken: string | undefined;
  appSecret: string;
  /** Earlier secrets of the key ring (lib/key-ring.ts), newest first. */
  appSecretPrevious: string[];
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /**
   * Two-factor sign-in required of every staff role whatever the setting "2FA obrigatório" says
   * (the setting can only add to it): always in production, opt-in in development, test and the
   * demo (production build with SEED_DEMO), so the demo accounts keep working.
   */
  staffTwoFactorRequired: boolean;
  /** A staff session ends after this many minutes without a request. */
  staffIdleTimeoutMinutes: number;
  logLevel: string;
  /** true, false, or the addresses / CIDR ranges of the trusted proxies. */
  trustProxy: boolean | string[];
  /** Shared counters (rate limits, socket caps) across copies; null = in this process's memory. */
  redis: { url: string; prefix: string } | null;
  /** Time a copy keeps answering after SIGTERM before it stops accepting connections. */
  shutdownDrainMs: number;
  rateLimitMax: number;
  /** Sign-in and 2FA attempts per IP per minute. */
  rateLimitSignInMax: number;
  /** Room joins per account per minute. */
  rateLimitJoinMax: number;
  /** Outer bound: API requests per address per minute (generous: carrier NAT puts many behind one). */
  rateLimitAddressMax: number;
  /** Live-update sockets (docs/limits.md). */
  ws: {
    maxPerAddress: number;
    maxPerAccount: number;
    maxTotal: number;
    attemptsPerAddress: number;
  };
  /** Slow clients: time to send the headers, the whole request; idle keep-alive. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Identity-document uploads handled at once by one server copy. */
  uploadConcurrency: number;
  /** OCR of identity documents (modules/identity/ocr.ts). */
  ocr: {
    engine: 'npm' | 'tesseract' | 'off';
    /** The Tesseract command line (engine "tesseract"). */
    tesseractPath: string;
    timeoutMs: number;
    queueMax: number;
  };
  /** Personal-data export prepared in the background (modules/profile/data-export-job.ts). */
  dataExport: { ttlHours: number; largeRows: number };
  /** How long a public read (draws, figures, rooms) is served from memory at most; 0 turns it off. */
  publicCacheMs: number;
  staticDir: string | null;
  mail: { kind: 'smtp'; url: string; from: string } | { kind: 'outbox'; dir: string; from: string };
  /**
   * Whether the outbox's page (/outbox and /api/dev/outbox) may be read, from the machine itself
   * only. Off by default in production and behind https: a proxy on the same machine would make
   * every visitor look local (docs/limits.md).
   */
  mailOutboxPage: boolean;
  supportEmail: string;
  supportWhatsapp: string;
  /** The operating company (footer): name, CNPJ (14 digits, check digits valid) and address. */
  operator: {
    name: string;
    cnpj: string;
    address: string;
    /** Null only when a production server was started with OPERATOR_AUTHORIZATION_ACK. */
    authorization: OperatorAuthorization | null;
  };
  /** The warning line the server logs at start when it runs without an authorisation. */
  startWarnings: string[];
  /** An OpenAI-compatible Chat Completions API for the support chat; null = offline engine. */
  ai: {
    baseUrl: string;
    apiKey: string;
    model: string;
    timeoutMs: number;
    firstTokenTimeoutMs: number;
  } | null;
  /** Support chat messages per minute, per session (and, for everyone, per address x 5). */
  rateLimitSupportMax: number;
  pixProvider: 'simulator' | 'efi';
  pix: {
    chargeExpirySeconds: number;
    /** How long a PIX seat is held unpaid; a new charge can be made while it lasts. */
    seatHoldSeconds: number;
    receiverName: string;
    receiverCity: string;
    /** Receiving key shown in simulator BR Codes. */
    simulatorKey: string;
    /** Path secret of the webhook URL registered with the provider. */
    webhookSecret: string;
    /** Header set to SUCCESS by a TLS-terminating proxy that verified the provider's certificate. */
    webhookMtlsHeader: string | undefined;
  };
  /** EFI Pix API credentials (PIX_PROVIDER=efi). */
  efi: {
    clientId: string;
    clientSecret: string;
    pixKey: string;
    certP12Path: string;
    certPassword: string;
    sandbox: boolean;
    /** Override of the API base URL (tests point it at a fake EFI server). */
    baseUrl: string;
  } | null;
  /** EFI hosts for the stored configuration, and an extra CA to trust for them. */
  efiHosts: { sandbox: string; production: string; extraCaPath: string | undefined };
  /** SMS and WhatsApp (docs/decisions/012-sms-whatsapp.md); each null = the local outbox. */
  notify: {
    twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | null;
    whatsapp: {
      accessToken: string;
      phoneNumberId: string;
      appSecret: string;
      verifyToken: string;
      apiVersion: string;
      baseUrl: string;
      language: string;
    } | null;
    timeoutMs: number;
    /** Messages per player, channel and day (security alerts are not limited). */
    dailyLimit: number;
    /** First retry delay; each next one is 4 times longer. */
    backoffBaseSeconds: number;
  };
  /** Cashback credited on each confirmed entry, in basis points. */
  cashbackBp: number;
  /** Private bucket for identity documents; null = local folder under DATA_DIR. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    sse: boolean;
  } | null;
  /** The drand beacon draws are bound to (protocol v2); null = v1 draws with an empty beacon. */
  beacon: {
    url: string;
    chain: BeaconChain;
    timeoutMs: number;
    retryMaxSeconds: number;
  } | null;
  /** Web push: the VAPID pair (null: made once and kept in the database) and the subject. */
  push: { vapid: { publicKey: string; privateKey: string } | null; subject: string };
  version: string;
}

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
    rateLimitJoinMax: e.RATE_LIMIT_JOIN_MAX,
    rateLimitAddressMax: e.RATE_LIMIT_ADDRESS_MAX,
    ws: {
      maxPerAddress: e.WS_MAX_PER_ADDRESS,
      maxPerAccount: e.WS_MAX_PER_ACCOUNT,
      maxTotal: e.WS_MAX_TOTAL,
      attemptsPerAddress: e.WS_ATTEMPTS_PER_ADDRESS,
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
            sse: e.S3_SSE,
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
