/**
 * buildApp(config): registers plugins in order: config, db, auth, security, modules, static app,
 * error and 404 handlers (STYLE.md).
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { type ApiErrorBody, MAX_UPLOAD_BYTES, adminMessages } from '@sorteio/shared';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import helmet from 'helmet';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, createDatabase } from './db/client';
import { AppError, outageOf } from './lib/errors';
import { addressKey, clientKey, hasSessionCookie } from './lib/client-key';
import { getSessionUser } from './lib/authz';
import { createSharedWindowCounter } from './lib/window-counter';
import { type SharedRedis, createRedis } from './lib/redis';
import {
  checkParsedInput,
  checkRawUrl,
  hygieneMessages,
  jsonDepthExceeds,
} from './lib/input-hygiene';
import type { App } from './lib/fastify';
import { type Auth, createAuth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { registerIdentityRoutes } from './modules/identity/identity.routes';
import { registerSessionRoutes } from './modules/profile/sessions.routes';
import { registerRoomRoutes } from './modules/rooms/rooms.routes';
import { registerPublicRoomRoutes, registerRoomPages } from './modules/rooms/public-rooms.routes';
import { registerReferralRoutes } from './modules/referrals/referrals.routes';
import { payReferralBonuses } from './modules/referrals/referrals.service';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerResponsiblePlayRoutes } from './modules/responsible-play/responsible-play.routes';
import { registerPrivateRoomRoutes } from './modules/private-rooms/private-rooms.routes';
import { notifyReceipts, registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import type { PixProvider } from './modules/payments/pix-provider';
import type { ReceiveResult } from './modules/payments/payments.service';
import { type PixRuntime, createPixRuntime } from './modules/integrations/pix-config.service';
import { HEALTH_QUEUE, createJobQueue, queueMail, scheduleRounds } from './jobs/queue';
import { type Scheduler, createScheduler } from './jobs/scheduler';
import { notifyDraw, notifyPayout, registerDrawRoutes } from './modules/draws/draws.routes';
import { registerWinnerRoutes } from './modules/winners/winners.routes';
import { type DrawOutcome, completeBeaconDraw, drawRoom } from './modules/draws/draws.service';
import type { PayoutEvent } from './modules/draws/payouts.service';
import { type LiveEvent, type Realtime, createRealtime } from './realtime/realtime';
import { PublicCache } from './lib/public-cache';
import { type RoomChange, roomChangeEvents } from './realtime/room-events';
import {
  prizePaidNotices,
  roomCancelledNotices,
  roomDrawnNotices,
  roomFilledNotices,
} from './realtime/player-notices';
import { salas } from './db/schema';
import { eq } from 'drizzle-orm';
import { type FileStorage, createStorage } from './lib/storage';
import { type FaceEngine, createFaceEngine } from './modules/identity/faces';
import { type IdentityQueue, createIdentityQueue } from './modules/identity/identity-queue';
import { createOcrEngine } from './modules/identity/ocr';
import { type DataExportQueue, createDataExportQueue } from './modules/profile/data-export-job';
import { type Mailer, createMailer } from './modules/mail/mail.service';
import { type SystemState, registerSystemRoutes } from './modules/system/system.routes';
import { registerMetrics } from './plugins/metrics';
import { registerRequestOrigin } from './plugins/request-origin';
import { registerSettingsRoutes } from './modules/integrations/settings.routes';
import { registerPixConfigRoutes } from './modules/integrations/pix-config.routes';
import { registerConnectionRoutes } from './modules/integrations/connections.routes';
import { registerCampaignRoutes } from './modules/integrations/campaigns.routes';
import { type ServiceHealthRuntime, registerServiceRoutes } from './modules/integrations/services';
import { HEALTH_CHECK_INTERVAL_SECONDS } from './modules/integrations/service-health';
import {
  type WebhookRuntime,
  createWebhookRuntime,
  subscribePlatformEvents,
} from './modules/integrations/webhooks';
import { registerAdminPanelRoutes } from './modules/admin/admin-panel.routes';
import { registerAdminRoomRoutes } from './modules/admin/admin-rooms.routes';
import { registerAdminUserRoutes } from './modules/admin/admin-users.routes';
import { registerStaffSessionRoutes } from './modules/admin/staff-sessions.routes';
import { forgetCachedSettings, getSetting } from './modules/settings/settings.service';
import { registerStatic } from './plugins/static';
import { requireDeclaredAdminPermissions } from './lib/route-permission';
import {
  type NotificationRuntime,
  createNotificationRuntime,
  subscribeNotificationEvents,
} from './modules/notifications/notifications.runtime';
import type { ChannelProvider } from './modules/notifications/provider';
import type { NotificationChannel } from '@sorteio/shared';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerSupportRoutes } from './modules/support/support.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    auth: Auth;
    mailer: Mailer;
    systemState: SystemState;
    pix: PixProvider | null;
    pixRuntime: PixRuntime;
    webhooks: WebhookRuntime;
    events: EventEmitter;
    scheduler: Scheduler;
    serviceHealth: ServiceHealthRuntime;
    realtime: Realtime;
    publicCache: PublicCache;
    publishRoom(salaId: string): Promise<void>;
    routeTable: readonly RouteEntry[];
    identity: IdentityQueue;
    dataExports: DataExportQueue;
    notifications: NotificationRuntime;
    /** The Redis shared by the copies (REDIS_URL), or null: counters in memory. */
    redis: SharedRedis | null;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Left out of the OpenAPI document (auth bridge, socket, the document itself). */
  hidden: boolean;
  websocket: boolean;
}

export interface BuildAppOptions {
  /** An already open database (tests pass a cloned template); otherwise one is created. */
  database?: Database;
  mailer?: Mailer;
  storage?: FileStorage;
  pix?: PixProvider | null;
  /** Run the background jobs on a timer (off in tests, which call runOnce). */
  startJobs?: boolean;
  /** Skip migrations (the caller already migrated). */
  skipMigrations?: boolean;
  /** The face engine (one worker thread); created on first use when not given. */
  faces?: FaceEngine;
  /** SMS and WhatsApp providers (tests); otherwise from the configuration. */
  notifyProviders?: Record<NotificationChannel, ChannelProvider>;
  /** Where the log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[a-zA-Z0-9-]{8,64}$/;

const HEALTH_PATHS = new Set(['/api/health', '/api/ready']);

/** The API and the metrics: everything else is the web app's files. */
const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/metrics');

/** Default location of the built web app, next to the server bundle or the source tree. */
function defaultStaticDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/**
 * One log line per request, written when it is answered: its id, method, path, address, status
 * and time. Fastify writes two (one on arrival), each a write to standard output: a few percent
 * of the CPU under load. Errors are logged as Fastify logs them.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // JSON bodies of this API are small; routes that take more say so (docs/limits.md).
    bodyLimit: 64 * 1024,
    // Slow clients cannot hold a connection: the whole request within requestTimeout, headers
    // within headersTimeout, idle keep-alive closed after a few seconds.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node checks those timeouts (its default, 30 s, would let a slow client linger).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.http.headersTimeoutMs / 2)),
    },
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // Said in the log at every start (a production server without the operator's authorisation).
  for (const warning of config.startWarnings) app.log.warn(warning);

  // An empty JSON body (a POST action without payload) is "no body", not a parse error.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    // Refused before parsing: walking or re-serializing a deep structure exhausts the stack.
    if (jsonDepthExceeds(text)) {
      done(
        new AppError('VALIDATION_ERROR', {
          message: hygieneMessages.depth,
          reason: 'TOO_DEEP',
        }),
        undefined,
      );
      return;
    }
    void defaultJsonParser(request, text, done);
  });
  // Every route as registered (hidden ones included): the security suite walks this table.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || route.url === '*') continue;
      routeTable.push({
        method,
        url: route.url,
        hidden: Boolean(route.schema?.hide),
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  });
  // Administrator routes check their permission before validating the request (lib/route-permission.ts).
  requireDeclaredAdminPermissions(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One error handler (STYLE.md "Errors"), set before any route so every route uses it.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ApiErrorBody['error']) =>
      reply
        .status(status)
        .send({ error: { ...body, requestId: request.id } } satisfies ApiErrorBody);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Valor inválido.',
      }));
      return send(400, {
        code: 'VALIDATION_ERROR',
        message: issues[0]?.message ?? 'Dados inválidos. Verifique as informações informadas.',
        issues,
      });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.status >= 500 && error.reason !== 'CONTENTION')
        request.log.error({ err: error }, error.message);
      if (error.reason === 'CONTENTION') request.log.warn({ err: error }, error.message);
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.reason ? { reason: error.reason } : {}),
      });
    }
    // A malformed multipart body (no or wrong boundary, truncated, broken part headers) is the
    // sender's mistake: the parser (busboy) reports it with these messages.
    if (
      request.isMultipart() &&
      /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(
        error.message,
      )
    ) {
      return send(400, {
        code: 'VALIDATION_ERROR',
        message: 'Não foi possível ler os arquivos enviados. Envie o formulário novamente.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(429, { code: 'RATE_LIMITED', message: error.message });
    if (status === 413)
      return send(413, { code: 'PAYLOAD_TOO_LARGE', message: 'Conteúdo grande demais.' });
    if (status === 415)
      return send(415, { code: 'UNSUPPORTED_MEDIA', message: 'Tipo de conteúdo não suportado.' });
    if (status >= 400 && status < 500) {
      return send(status, { code: 'BAD_REQUEST', message: 'Requisição inválida.' });
    }
    // A shared part down (the database restarting, the upload disk full): nothing was done, the
    // caller may retry; /api/ready names the part while it lasts (modules/system/system.routes.ts).
    const outage = outageOf(error);
    if (outage) {
      state.outages[outage] = Date.now();
      request.log.warn({ err: error, outage }, 'shared part unavailable');
      void reply.header('retry-after', outage === 'storage' ? '60' : '5');
      return send(503, {
        code: 'SERVICE_UNAVAILABLE',
        message:
          outage === 'storage'
            ? 'Não foi possível guardar o arquivo agora. Tente novamente mais tarde.'
            : 'O serviço está temporariamente indisponível. Tente novamente em alguns segundos.',
        reason: outage === 'storage' ? 'STORAGE_UNAVAILABLE' : 'DATABASE_UNAVAILABLE',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: 'Erro interno. Tente novamente mais tarde.' });
  });

  // 1. config and shared state
  const state: SystemState = { ready: false, outages: {} };
  app.decorate('config', config);
  app.decorate('systemState', state);
  // A copy that is leaving (SIGTERM, main.ts) closes each connection after its answer, so the
  // load balancer opens its next one to another copy.
  app.addHook('onSend', async (_request, reply) => {
    if (!state.ready && app.server.listening) void reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    checkRawUrl(request);
  });
  // No control characters or lone surrogates in parameters, query or body (lib/input-hygiene.ts).
  app.addHook('preValidation', async (request) => checkParsedInput(request));

  // Shared counters (rate limits, socket caps) when the copies share a Redis.
  const redis = config.redis ? createRedis(config.redis, app.log) : null;
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });

  // 2. database
  const database = options.database ?? (await createDatabase(config.database));
  if (!options.skipMigrations) await database.migrate();
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });

  // 3. mail and auth
  const transport = options.mailer ?? createMailer(config.mail);
  // With the background jobs on, mail goes through the durable queue (retries, survives restarts);
  // tests without jobs send inline so they can read what was sent at once.
  let mailer = transport;
  let jobs: Awaited<ReturnType<typeof createJobQueue>> | null = null;
  if (options.startJobs ?? true) {
    const boss = await createJobQueue(database, app.log);
    jobs = boss;
    mailer = await queueMail(boss, transport);
    app.addHook('onClose', async () => boss.stop({ graceful: true, wait: true, timeout: 5000 }));
  }
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    onSecurityAlert: (alert) => events.emit('security-alert', alert),
  });
  const storage = options.storage ?? createStorage(config);
  // The PIX provider: the configuration stored from /gerencianet-config, else the environment's;
  // switched without a restart. Tests that inject a provider get exactly that one.
  const pixRuntime = await createPixRuntime({
    config,
    db: database.db,
    log: app.log,
    ...(options.pix === undefined ? {} : { fixed: options.pix }),
  });
  app.addHook('onClose', async () => pixRuntime.close());
  app.decorate('pixRuntime', pixRuntime);
  const pix = options.pix === undefined ? pixRuntime.provider : options.pix;
  // The automated identity analysis: a job when the queue is on, otherwise one at a time here.
  const ocrEngine = createOcrEngine(config.ocr);
  app.addHook('onClose', async () => (await ocrEngine)?.close?.());
  const identity = await createIdentityQueue(
    {
      db: database.db,
      storage,
      faces: options.faces ?? createFaceEngine(),
      ocr: () => ocrEngine,
      mailer,
      baseUrl: config.baseUrl,
    },
    { boss: jobs, log: app.log },
  );
  app.decorate('identity', identity);
  app.addHook('onClose', async () => identity.close());
  // Personal-data exports of large accounts, prepared off the request path.
  const dataExportQueue = await createDataExportQueue(
    { db: database.db, storage, config, mailer },
    { boss: jobs, log: app.log },
  );
  app.decorate('dataExports', dataExportQueue);
  app.addHook('onClose', async () => dataExportQueue.close());
  app.decorate('pix', pix);
  app.decorate('events', events);
  app.decorate('auth', auth);

  // 4. security: headers with a real CSP, cookies, rate limits
  const https = config.baseUrl.startsWith('https://');
  // Security headers, by helmet's own middleware built ONCE (@fastify/helmet built it anew for
  // every request, parsing the whole CSP each time: a few percent of the server's CPU under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the charts set inline style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", https ? 'wss:' : 'ws:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(fastifyCookie, { secret: [config.appSecret, ...config.appSecretPrevious] });
  // The socket carries only the browser's keep-alive ('ping'): tiny frames (docs/limits.md).
  await app.register(fastifyWebsocket, { options: { maxPayload: 512 } });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10 },
  });
  // Outer bound per address on the API, before any lookup; static files and the SPA's HTML are
  // never limited (a page must load for a family or a carrier sharing one address).
  // Counted across the copies in Redis when REDIS_URL is set (lib/window-counter.ts).
  const addressLimit = createSharedWindowCounter(redis, 'addr', {
    max: config.rateLimitAddressMax,
    windowMs: 60_000,
  });
  app.addHook('onRequest', async (request, reply) => {
    // Health probes (load balancers) always answer: they are cheap and must not be starved.
    if (!isApiPath(request.url) || HEALTH_PATHS.has(request.url)) return;
    const { allowed, retryAfterMs } = await addressLimit.hit(addressKey(request));
    if (allowed) return;
    void reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
    throw new AppError('RATE_LIMITED', {
      message: `Muitas requisições deste endereço. Tente novamente em ${Math.ceil(retryAfterMs / 1000)} segundos.`,
    });
  });
  // Uploads are heavy (decoding, storage): a bounded number at once per server copy.
  let uploadsInFlight = 0;
  const uploading = Symbol('uploading');
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || !request.isMultipart()) return;
    if (uploadsInFlight >= config.uploadConcurrency) {
      void reply.header('retry-after', '5');
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: 'Muitos envios ao mesmo tempo. Tente novamente em alguns segundos.',
      });
    }
    uploadsInFlight += 1;
    (request as unknown as Record<symbol, boolean>)[uploading] = true;
    // An aborted upload never reaches onResponse. (Not a global onRequestAbort hook: that one
    // breaks injected WebSocket requests, whose raw request is not a stream.)
    request.raw.once('close', () => uploadDone(request));
  });
  const uploadDone = (request: FastifyRequest) => {
    const marks = request as unknown as Record<symbol, boolean>;
    if (!marks[uploading]) return;
    marks[uploading] = false;
    uploadsInFlight -= 1;
  };
  app.addHook('onResponse', async (request) => uploadDone(request));
  // Per account when signed in (the verified session), per address otherwise; counted after the
  // session lookup, so a made-up cookie never opens a fresh bucket (lib/client-key.ts).
  await app.register(fastifyRateLimit, {
    global: true,
    // Shared by every copy when REDIS_URL is set; while Redis does not answer, requests go on
    // (the per-address bound above still counts in this copy's memory).
    ...(redis ? { redis, nameSpace: 'rl:', skipOnError: true } : {}),
    hook: 'preHandler',
    // A signed-in account has its own bucket; signed-out visitors share their address's, which
    // must stay generous (a carrier's or a family's address carries many people).
    max: async (_request, key) =>
      key.startsWith('u:') ? config.rateLimitMax : config.rateLimitAddressMax,
    timeWindow: '1 minute',
    keyGenerator: clientKey,
    allowList: (request) => !isApiPath(request.url),
    cache: 100_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Muitas tentativas. Tente novamente em ${Math.ceil(context.ttl / 1000)} segundos.`,
    }),
  });
  // An account created by staff with a temporary password does nothing else until it sets its own.
  const passwordChangeAllowed = new Set([
    '/api/me',
    '/api/auth/sign-out',
    '/api/account/change-password',
    '/api/admin-access',
    '/api/public/config',
    // The change-password screen shows the minimum length of the settings.
    '/api/public/settings',
  ]);
  app.addHook('preHandler', async (request) => {
    if (!isApiPath(request.url) || !hasSessionCookie(request)) return;
    if (passwordChangeAllowed.has(request.routeOptions.url ?? '')) return;
    const me = await getSessionUser(request);
    if (me?.mustChangePassword)
      throw new AppError('FORBIDDEN', {
        message: adminMessages.passwordChangeRequired,
        reason: 'PASSWORD_CHANGE_REQUIRED',
      });
  });
  // State changes must prove they come from our own pages (DESIGN.md section 7): one rule for
  // every route, the auth library's included (plugins/request-origin.ts).
  registerRequestOrigin(app, { allowedOrigins: [config.baseUrl] });

  // 5. OpenAPI document of every route
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sorteio Certo API', version: config.version },
      servers: [{ url: config.baseUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerMetrics(app, {
    token: config.metricsToken,
    db: database.db,
    read: database.read === database.db ? null : database.read,
    sockets: () => (app.hasDecorator('realtime') ? app.realtime.clientCount() : 0),
    socketLimit: config.ws.maxTotal,
    minIntervalMs: config.env === 'test' ? 0 : 10_000,
  });

  // 6. modules
  // Public reads served from memory, cleared by the live events of every copy (lib/public-cache.ts).
  const publicCache = new PublicCache(config.publicCacheMs);
  app.decorate('publicCache', publicCache);
  registerSettingsRoutes(app, {
    db: database.db,
    staffTwoFactorRequired: config.staffTwoFactorRequired,
  });
  registerSystemRoutes(app, { config, database, mailer, state, startedAt: Date.now() });
  registerAuthRoutes(app, { auth, config, db: database.db });
  registerProfileRoutes(app, {
    db: database.db,
    storage,
    config,
    identity,
    dataExports: dataExportQueue,
  });
  registerIdentityRoutes(app, { db: database.db, storage, identity });
  registerSessionRoutes(app, { db: database.db, auth });
  const realtime = await createRealtime(app, database, config.ws);
  app.decorate('realtime', realtime);
  realtime.onEvent((event) => {
    if (event.type === 'settings') forgetCachedSettings(database.db);
    else publicCache.invalidateFor(event);
  });
  // Events may have been missed while the LISTEN connection was down: nothing cached stays.
  realtime.onResync(() => {
    publicCache.invalidate('rooms', 'stats', 'draws');
    forgetCachedSettings(database.db);
  });
  app.addHook('preClose', async () => realtime.close());
  const publishRoomChange = async (salaId: string, change: RoomChange) => {
    for (const event of await roomChangeEvents(database.db, salaId, change))
      await realtime.publish(event);
  };
  app.decorate('publishRoom', (salaId: string) => publishRoomChange(salaId, { kind: 'seats' }));
  // In-process events become live messages for every server copy (NOTIFY). A failure here must
  // never fail the request that caused the event: it is logged and the screens' polling covers it.
  const live = (work: () => Promise<void>) => {
    work().catch((error: unknown) => app.log.warn({ err: error }, 'live update not published'));
  };
  events.on('pix', (results: ReceiveResult[]) =>
    live(async () => {
      for (const r of results) {
        if (r.userId)
          await realtime.publish({
            type: 'payment',
            userId: r.userId,
            txid: null,
            outcome: r.outcome,
          });
        if (r.salaId) await app.publishRoom(r.salaId);
      }
    }),
  );
  const publishAll = async (list: Promise<LiveEvent[]>) => {
    for (const event of await list) await realtime.publish(event);
  };
  events.on('draw', (outcome: DrawOutcome) =>
    live(async () => {
      if (outcome.kind === 'skipped' || outcome.kind === 'pending') return;
      await publishRoomChange(outcome.salaId, {
        kind: 'draw',
        drawId: outcome.kind === 'drawn' ? outcome.sorteioId : null,
        result: outcome.kind,
      });
      // Each player in the room, on whatever screen they are.
      await publishAll(
        outcome.kind === 'drawn'
          ? roomDrawnNotices(database.db, outcome)
          : roomCancelledNotices(database.db, outcome),
      );
    }),
  );
  events.on('payout', (event: PayoutEvent) =>
    live(async () => {
      await realtime.publish({ type: 'payout', userId: event.userId, result: event.result });
      if (event.kind === 'prize' && event.result === 'confirmado')
        await publishAll(prizePaidNotices(database.db, event));
    }),
  );
  // A room full with every seat paid: each of its players is told, before the draw runs.
  events.on('room-filled', (salaId: string) =>
    live(() => publishAll(roomFilledNotices(database.db, salaId))),
  );
  events.on('room', (salaId: string) => live(() => app.publishRoom(salaId)));

  registerRoomRoutes(app, { db: database.db, config });
  registerPublicRoomRoutes(app, { db: database.db });
  registerReferralRoutes(app, { db: database.db, config });
  // A confirmed entry may be an invited player's first: the inviter's bonus is decided after the
  // confirmation's commit (the scheduler's round decides what this misses).
  const referralBonus = (userId: string | null) => {
    if (userId)
      payReferralBonuses(database.db, { invitedId: userId }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'referral bonus not decided: the next round will'),
      );
  };
  events.on('participation', (p: { userId: string; statusPagamento: string }) => {
    if (p.statusPagamento === 'confirmado') referralBonus(p.userId);
  });
  events.on('pix', (results: ReceiveResult[]) => {
    for (const r of results) if (r.outcome === 'participacao') referralBonus(r.userId);
  });
  registerResponsiblePlayRoutes(app, { db: database.db });
  // The administrator area (permission table in packages/shared/src/permissions.ts).
  // The configuration's floor (always on in production) or the setting, whichever is stricter.
  app.decorate('staffTwoFactorRequired', async () =>
    config.staffTwoFactorRequired ? true : getSetting(database.db, 'security.twoFactorRequired'),
  );
  registerAdminUserRoutes(app, { db: database.db, config, storage, mailer });
  registerStaffSessionRoutes(app, { db: database.db, config });
  registerAdminRoomRoutes(app, { db: database.db, config });
  registerPixConfigRoutes(app, { runtime: pixRuntime });
  const webhooks = await createWebhookRuntime({
    db: database.db,
    appSecret: config.appSecret,
    log: app.log,
    boss: jobs,
  });
  app.addHook('onClose', async () => webhooks.close());
  app.decorate('webhooks', webhooks);
  subscribePlatformEvents(app, webhooks);
  registerConnectionRoutes(app, { db: database.db, appSecret: config.appSecret, webhooks });
  // SMS and WhatsApp (docs/decisions/012-sms-whatsapp.md).
  const notifications = await createNotificationRuntime({
    db: database.db,
    config,
    log: app.log,
    boss: jobs,
    ...(options.notifyProviders ? { providers: options.notifyProviders } : {}),
  });
  app.addHook('onClose', async () => notifications.close());
  app.decorate('notifications', notifications);
  subscribeNotificationEvents(app, notifications);
  registerNotificationRoutes(app, { db: database.db, config });
  registerCampaignRoutes(app, { db: database.db, config, mailer });
  const serviceHealth = registerServiceRoutes(app, {
    db: database.db,
    mailer,
    pix: pixRuntime,
    config,
    startedAt: Date.now(),
  });
  app.decorate('serviceHealth', serviceHealth);
  // The periodic health checks behind the uptime of /api-services, one copy at a time.
  if (jobs)
    await scheduleRounds(jobs, serviceHealth, {
      queue: HEALTH_QUEUE,
      intervalSeconds: HEALTH_CHECK_INTERVAL_SECONDS,
    });
  registerAdminPanelRoutes(app, { database, config, storage, mailer, pix: () => app.pix });
  registerPaymentRoutes(app, { db: database.db, config, provider: pix, mailer });
  registerWalletRoutes(app, { db: database.db, config, provider: pix });
  registerDashboardRoutes(app, { db: database.db });
  registerDrawRoutes(app, { db: database.db, read: database.read });
  registerWinnerRoutes(app, { db: database.db });
  registerPrivateRoomRoutes(app, { db: database.db, config });
  registerSupportRoutes(app, { db: database.db, config, mailer });
  const afterDraw = async (outcome: DrawOutcome) => {
    // A draw waiting for its beacon round: the room changed (frozen), nobody is told a result yet.
    if (outcome.kind === 'pending' || outcome.kind === 'skipped') {
      if (outcome.kind === 'pending') events.emit('room', outcome.salaId);
      return;
    }
    await notifyDraw(database.db, mailer, config, outcome);
    events.emit('draw', outcome);
  };
  app.decorate('afterDraw', afterDraw);
  // A room that just closed with every seat paid is drawn at once (not on the next job round).
  app.decorate('drawIfDue', async (salaId: string) => {
    const [room] = await database.db
      .select({ status: salas.status, auto: salas.sorteioAutomatico })
      .from(salas)
      .where(eq(salas.id, salaId));
    if (room?.status !== 'sorteando') return;
    events.emit('room-filled', salaId);
    if (!room.auto) return;
    // Never held up by a beacon round: a frozen draw completes on a timer (or the job's round).
    const outcome = await drawRoom({ db: database.db, config, salaId, beaconWaitMs: 0 });
    if (outcome.kind === 'pending') completeAtBeaconRound(salaId);
    if (outcome.kind !== 'skipped') await afterDraw(outcome);
  });
  const beaconTimers = new Set<NodeJS.Timeout>();
  const completeAtBeaconRound = (salaId: string) => {
    const period = config.beacon?.chain.period ?? 0;
    const timer = setTimeout(
      () => {
        beaconTimers.delete(timer);
        completeBeaconDraw({ db: database.db, config, salaId })
          .then(async (outcome) => {
            if (outcome.kind === 'drawn' || outcome.kind === 'cancelled') await afterDraw(outcome);
          })
          .catch((error: unknown) =>
            app.log.error({ err: error, salaId }, 'beacon draw completion failed'),
          );
      },
      (period + 0.2) * 1000,
    );
    timer.unref();
    beaconTimers.add(timer);
  };
  app.addHook('onClose', async () => {
    for (const timer of beaconTimers) clearTimeout(timer);
  });

  const scheduler = createScheduler({
    db: database.db,
    config,
    storage,
    provider: pix,
    log: app.log,
    intervalMs: 15_000,
    // The rounds run as pg-boss jobs when the queue is on (below); never on a local timer then.
    autoStart: false,
    auditLedger: jobs !== null,
    onReceived: async (results) => {
      await notifyReceipts(database.db, mailer, config, results);
      events.emit('pix', results);
      for (const r of results) if (r.roomClosed && r.salaId) await app.drawIfDue(r.salaId);
    },
    onDraw: afterDraw,
    onSeatFreed: (salaId) => events.emit('room', salaId),
    onPayout: async (event) => {
      await notifyPayout(database.db, mailer, config, event);
      events.emit('payout', event);
    },
  });
  app.decorate('scheduler', scheduler);
  if (jobs) await scheduleRounds(jobs, scheduler);
  app.addHook('onClose', async () => scheduler.stop());

  // 7. the web app
  const pages = await registerStatic(app, config.staticDir ?? defaultStaticDir());
  if (pages) registerRoomPages(app, { db: database.db, config, pages });

  // 8. 404 handler (the error handler is set first: routes capture it when registered)
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (!isApiPath(url) && pages && (request.method === 'GET' || request.method === 'HEAD')) {
      return pages.send(request, reply);
    }
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: 'Rota não encontrada.', requestId: request.id },
    } satisfies ApiErrorBody);
  });

  await app.ready();
  state.ready = true;
  return app;
}
