/**
 * The environment's schema: every variable with its default and the checks across variables.
 * Every variable is documented in the README.
 */
import { isValidCnpj, onlyDigits } from '@sorteio/shared';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'use true ou false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const envSchema = z
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
    /** Overrides each account e-mail route's own bound (sign-up 10, reset 5 or 10 per 10 min). */
    RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).optional(),
    RATE_LIMIT_JOIN_MAX: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(3000),
    WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
    WS_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    WS_MAX_TOTAL: z.coerce.number().int().min(1).default(10_000),
    WS_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
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
    /**
     * Server-side encryption of every stored object: false (the bucket's default), true or AES256
     * (keys managed by S3), aws:kms (with S3_SSE_KMS_KEY_ID, or the account's default KMS key).
     */
    S3_SSE: z
      .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'AES256', 'aws:kms'], {
        error: 'use false, true (AES256), AES256 ou aws:kms',
      })
      .transform((v): 'AES256' | 'aws:kms' | null =>
        v === 'aws:kms'
          ? 'aws:kms'
          : ['true', '1', 'yes', 'on', 'AES256'].includes(v)
            ? 'AES256'
            : null,
      )
      .default(null),
    S3_SSE_KMS_KEY_ID: z.string().min(1).optional(),
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
    if (env.S3_SSE_KMS_KEY_ID && env.S3_SSE !== 'aws:kms') {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SSE_KMS_KEY_ID'],
        message: 'S3_SSE_KMS_KEY_ID só vale com S3_SSE=aws:kms',
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
export function isDemo(env: {
  SEED_DEMO?: boolean | undefined;
  DATABASE_URL?: string | undefined;
}) {
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

export type Env = z.input<typeof envSchema>;
