/**
 * buildApp(config): registers plugins in order: config, db, auth, security, modules, static app,
 * error and 404 handlers (STYLE.md).
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { type ApiErrorBody, MAX_UPLOAD_BYTES } from '@sorteio/shared';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, createDatabase } from './db/client';
import { AppError } from './lib/errors';
import type { App } from './lib/fastify';
import { type Auth, createAuth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { registerRoomRoutes } from './modules/rooms/rooms.routes';
import { registerPrivateRoomRoutes } from './modules/private-rooms/private-rooms.routes';
import { notifyReceipts, registerPaymentRoutes } from './modules/payments/payments.routes';
import type { PixProvider } from './modules/payments/pix-provider';
import type { ReceiveResult } from './modules/payments/payments.service';
import { createPixProvider } from './modules/payments/provider';
import { createJobQueue, queueMail, scheduleRounds } from './jobs/queue';
import { type Scheduler, createScheduler } from './jobs/scheduler';
import { notifyDraw, notifyPayout, registerDrawRoutes } from './modules/draws/draws.routes';
import { type DrawOutcome, drawRoom } from './modules/draws/draws.service';
import { type Realtime, createRealtime } from './realtime/realtime';
import { salas } from './db/schema';
import { eq } from 'drizzle-orm';
import { type FileStorage, createStorage } from './lib/storage';
import { type Mailer, createMailer } from './modules/mail/mail.service';
import { type SystemState, registerSystemRoutes } from './modules/system/system.routes';
import { registerMetrics } from './plugins/metrics';
import { registerStatic } from './plugins/static';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    auth: Auth;
    mailer: Mailer;
    systemState: SystemState;
    pix: PixProvider | null;
    events: EventEmitter;
    scheduler: Scheduler;
    realtime: Realtime;
    publishRoom(salaId: string): Promise<void>;
  }
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
}

const REQUEST_ID = /^[a-zA-Z0-9-]{8,64}$/;

/** Default location of the built web app, next to the server bundle or the source tree. */
function defaultStaticDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // An empty JSON body (a POST action without payload) is "no body", not a parse error.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void defaultJsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });
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
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.reason ? { reason: error.reason } : {}),
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
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: 'Erro interno. Tente novamente mais tarde.' });
  });

  // 1. config and shared state
  const state: SystemState = { ready: false };
  app.decorate('config', config);
  app.decorate('systemState', state);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
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
  const auth = createAuth({ config, db: database.db, mailer });
  const storage = options.storage ?? createStorage(config);
  const pix = options.pix === undefined ? await createPixProvider(config) : options.pix;
  app.decorate('pix', pix);
  const events = new EventEmitter();
  events.setMaxListeners(0);
  app.decorate('events', events);
  app.decorate('auth', auth);

  // 4. security: headers with a real CSP, cookies, rate limits
  const https = config.baseUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
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
  await app.register(fastifyCookie, { secret: config.appSecret });
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10 },
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Muitas tentativas. Tente novamente em ${Math.ceil(context.ttl / 1000)} segundos.`,
    }),
  });
  // State-changing requests from a browser must come from our own origin (DESIGN.md section 7).
  const allowedOrigin = new URL(config.baseUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const origin = request.headers.origin;
    if (origin && origin !== allowedOrigin && !request.url.startsWith('/api/webhooks/')) {
      throw new AppError('FORBIDDEN', { message: 'Origem da requisição não permitida.' });
    }
  });

  // 5. OpenAPI document of every route
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sorteio Certo API', version: config.version },
      servers: [{ url: config.baseUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerMetrics(app, { token: undefined });

  // 6. modules
  registerSystemRoutes(app, { config, database, mailer, state, startedAt: Date.now() });
  registerAuthRoutes(app, { auth, config, db: database.db });
  registerProfileRoutes(app, { db: database.db, storage, config });
  const realtime = await createRealtime(app, database);
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => realtime.close());
  app.decorate('publishRoom', async (salaId: string) => {
    const [room] = await database.db
      .select({
        participantesAtual: salas.participantesAtual,
        maxParticipantes: salas.maxParticipantes,
        status: salas.status,
      })
      .from(salas)
      .where(eq(salas.id, salaId));
    if (room) await realtime.publish({ type: 'room', roomId: salaId, ...room });
  });
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
  events.on('draw', (outcome: DrawOutcome) =>
    live(async () => {
      if (outcome.kind === 'skipped') return;
      await realtime.publish({
        type: 'draw',
        roomId: outcome.salaId,
        drawId: outcome.kind === 'drawn' ? outcome.sorteioId : null,
        result: outcome.kind,
      });
      await app.publishRoom(outcome.salaId);
    }),
  );
  events.on('payout', (event: { userId: string; result: string }) =>
    live(() => realtime.publish({ type: 'payout', userId: event.userId, result: event.result })),
  );
  events.on('room', (salaId: string) => live(() => app.publishRoom(salaId)));

  registerRoomRoutes(app, { db: database.db, config });
  registerPaymentRoutes(app, { db: database.db, config, provider: pix, mailer });
  registerDrawRoutes(app, { db: database.db, config });
  registerPrivateRoomRoutes(app, { db: database.db, config });
  const afterDraw = async (outcome: DrawOutcome) => {
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
    if (room?.status !== 'sorteando' || !room.auto) return;
    const outcome = await drawRoom({ db: database.db, config, salaId });
    if (outcome.kind !== 'skipped') await afterDraw(outcome);
  });

  const scheduler = createScheduler({
    db: database.db,
    config,
    provider: pix,
    log: app.log,
    intervalMs: 15_000,
    // The rounds run as pg-boss jobs when the queue is on (below); never on a local timer then.
    autoStart: false,
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
  const indexHtml = await registerStatic(app, config.staticDir ?? defaultStaticDir());

  // 8. 404 handler (the error handler is set first: routes capture it when registered)
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/metrics');
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: 'Rota não encontrada.', requestId: request.id },
    } satisfies ApiErrorBody);
  });

  await app.ready();
  state.ready = true;
  return app;
}
