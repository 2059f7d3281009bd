/** What the server is configured with, read once from the environment (config/index.ts). */
import type { BeaconChain, OperatorAuthorization } from '@sorteio/shared';

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
        /** Refuse nested queries during a transaction (db/transaction-guard.ts): on in tests. */
        guardTransactions?: boolean;
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
  /**
   * Sign-ups, password-reset and set-password links and verification e-mails per IP per 10
   * minutes; null = each route's own bound (10, or 5 for the routes that send an e-mail).
   */
  rateLimitAccountMax: number | null;
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
  /**
   * Background jobs (jobs/queue.ts): how often a copy expires the jobs of a copy that died, how
   * long a mail job may run, the delay before its first retry.
   */
  jobs: { maintenanceSeconds: number; mailExpireSeconds: number; mailRetryDelaySeconds: number };
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
    /** The environment the Tesseract command line runs with: the server's own. */
    processEnv?: Record<string, string | undefined>;
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
    /** Server-side encryption asked on every upload; null = the bucket's own default. */
    sse: { algorithm: 'AES256' | 'aws:kms'; kmsKeyId: string | null } | null;
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
