/**
 * buildApp(config): registers plugins in order: config, db, auth, security, modules, static app,
 * error and 404 handlers (STYLE.md). It only composes: each part lives in plugins/, jobs/,
 * realtime/ or its module.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventEmitter } from 'node:events';
import type { NotificationChannel } from '@sorteio/shared';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerRounds } from './jobs/rounds';
import type { Scheduler } from './jobs/scheduler';
import type { App } from './lib/fastify';
import { PublicCache } from './lib/public-cache';
import type { SharedRedis } from './lib/redis';
import { requireDeclaredAdminPermissions } from './lib/route-permission';
import { keyRingOf } from './lib/key-ring';
import { type FileStorage, createStorage } from './lib/storage';
import { registerAdminFinanceRoutes } from './modules/admin/admin-finance.routes';
import { registerAdminPanelRoutes } from './modules/admin/admin-panel.routes';
import { registerAdminRoomRoutes } from './modules/admin/admin-rooms.routes';
import { registerAdminUserRoutes } from './modules/admin/admin-users.routes';
import { registerStaffSessionRoutes } from './modules/admin/staff-sessions.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { type Auth, createAuth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerIdentityRoutes } from './modules/identity/identity.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerDrawRoutes } from './modules/draws/draws.routes';
import { afterPayout, registerDrawRuntime } from './modules/draws/draws.runtime';
import type { FaceEngine } from './modules/identity/faces';
import type { IdentityQueue } from './modules/identity/identity-queue';
import { registerIdentityRuntime } from './modules/identity/identity.runtime';
import { registerCampaignConsentRoutes } from './modules/campaigns/campaign-consent.routes';
import { registerCampaignRoutes } from './modules/campaigns/campaigns.routes';
import { registerConnectionRoutes } from './modules/connections/connections.routes';
import type { PixRuntime } from './modules/pix-setup/pix-setup.service';
import { registerPixConfigRoutes } from './modules/pix-setup/pix-setup.routes';
import type { ServiceHealthRuntime } from './modules/api-services/api-services.routes';
import { registerApiServices } from './modules/api-services/api-services.runtime';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { type WebhookRuntime, registerWebhookRuntime } from './modules/connections/webhooks';
import type { Mailer } from './modules/mail/mail.service';
import type { ChannelProvider } from './modules/notifications/provider';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import {
  type NotificationRuntime,
  createNotificationRuntime,
  subscribeNotificationEvents,
} from './modules/notifications/notifications.runtime';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { afterPixReceived } from './modules/payments/payments.runtime';
import type { PixProvider } from './modules/payments/pix-provider';
import { registerPrivateRoomJoinRoutes } from './modules/private-rooms/private-room-join.routes';
import { registerPrivateRoomRoutes } from './modules/private-rooms/private-rooms.routes';
import type { DataExportQueue } from './modules/profile/data-export-job';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { registerDataExports } from './modules/profile/profile.runtime';
import { registerSessionRoutes } from './modules/profile/sessions.routes';
import { createPushSender, registerPushRoutes } from './modules/push';
import { registerReferralRoutes } from './modules/referrals/referrals.routes';
import { subscribeReferralBonuses } from './modules/referrals/referrals.runtime';
import { registerResponsiblePlayRoutes } from './modules/responsible-play/responsible-play.routes';
import { registerPublicRoomRoutes, registerRoomPages } from './modules/rooms/public-rooms.routes';
import { registerRoomRoutes } from './modules/rooms/rooms.routes';
import { registerSupportRoutes } from './modules/support/support.routes';
import { type SystemState, registerSystemRoutes } from './modules/system/system.routes';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { registerWinnerRoutes } from './modules/winners/winners.routes';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/error-handler';
import { registerInfrastructure } from './plugins/infrastructure';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerPixProvider } from './plugins/pix-provider';
import { registerJsonBody, registerRequestBasics } from './plugins/request-basics';
import { registerRouteTable } from './plugins/route-table';
import { registerSecurity } from './plugins/security';
import { serverOptions } from './plugins/server-options';
import { registerStatic } from './plugins/static';
import type { Realtime } from './realtime/realtime';
import { registerLiveUpdates } from './realtime/live-updates';

export type { RouteEntry } from './plugins/route-table';

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
    identity: IdentityQueue;
    dataExports: DataExportQueue;
    notifications: NotificationRuntime;
    /** The Redis shared by the copies (REDIS_URL), or null: counters in memory. */
    redis: SharedRedis | null;
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
  /** The face engine (one worker thread); created on first use when not given. */
  faces?: FaceEngine;
  /** SMS and WhatsApp providers (tests); otherwise from the configuration. */
  notifyProviders?: Record<NotificationChannel, ChannelProvider>;
  /** Where the log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
}

/** Default location of the built web app, next to the server bundle or the source tree. */
function defaultStaticDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify(serverOptions(config, options.logStream)).withTypeProvider<ZodTypeProvider>();
  // Said in the log at every start (a production server without the operator's authorisation).
  for (const warning of config.startWarnings) app.log.warn(warning);
  const state: SystemState = { ready: false, outages: {} };
  registerJsonBody(app);
  registerRouteTable(app);
  // Administrator routes check their permission before validating the request (lib/route-permission.ts).
  requireDeclaredAdminPermissions(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, state);

  // 1. config and shared state
  app.decorate('config', config);
  app.decorate('systemState', state);
  registerRequestBasics(app, state);

  // 2. database, mail, job queue, events; 3. auth, storage, PIX, background analyses
  const { redis, database, mailer, jobs, events } = await registerInfrastructure(
    app,
    config,
    options,
  );
  const db = database.db;
  const auth = createAuth({
    config,
    db,
    mailer,
    onSecurityAlert: (alert) => events.emit('security-alert', alert),
  });
  app.decorate('auth', auth);
  const storage = options.storage ?? createStorage(config);
  const pix = await registerPixProvider(app, { config, db, fixed: options.pix });
  const pixRuntime = app.pixRuntime;
  const identity = await registerIdentityRuntime(app, {
    db,
    config,
    storage,
    mailer,
    jobs,
    ...(options.faces ? { faces: options.faces } : {}),
  });
  const dataExports = await registerDataExports(app, { db, config, storage, mailer, jobs });

  // 4. security: headers with a real CSP, cookies, rate limits; 5. OpenAPI and metrics
  await registerSecurity(app, { config, redis });
  await registerOpenApi(app, config);
  registerMetrics(app, {
    token: config.metricsToken,
    db,
    read: database.read === db ? null : database.read,
    sockets: () => (app.hasDecorator('realtime') ? app.realtime.clientCount() : 0),
    socketLimit: config.ws.maxTotal,
    minIntervalMs: config.env === 'test' ? 0 : 10_000,
  });

  // 6. modules
  // Public reads served from memory, cleared by the live events of every copy (lib/public-cache.ts).
  const publicCache = new PublicCache(config.publicCacheMs);
  app.decorate('publicCache', publicCache);
  registerSettingsRoutes(app, { db, staffTwoFactorRequired: config.staffTwoFactorRequired });
  registerSystemRoutes(app, { config, database, mailer, state, storage, startedAt: Date.now() });
  registerAuthRoutes(app, { auth, config, db });
  registerProfileRoutes(app, { db, storage, config, dataExports });
  registerIdentityRoutes(app, { db, storage, identity });
  registerSessionRoutes(app, { db, auth });
  // The players' notices also go to their devices by web push, in the background.
  const push = createPushSender({ db, config, log: app.log });
  app.addHook('preClose', () => push.idle());
  await registerLiveUpdates(app, {
    database,
    publicCache,
    ws: config.ws,
    onNotice: (event) => push.sendNotice(event),
  });
  registerRoomRoutes(app, { db, config });
  registerPublicRoomRoutes(app, { db });
  registerReferralRoutes(app, { db, config });
  registerPushRoutes(app, { db, config });
  subscribeReferralBonuses(app, { db });
  registerResponsiblePlayRoutes(app, { db });
  // The administrator area (permission table in packages/shared/src/permissions.ts).
  registerAdminUserRoutes(app, { db, config, storage, mailer });
  registerStaffSessionRoutes(app, { db, config });
  registerAdminRoomRoutes(app, { db, config });
  registerPixConfigRoutes(app, { runtime: pixRuntime });
  const webhooks = await registerWebhookRuntime(app, {
    db,
    keyRing: keyRingOf(config),
    boss: jobs,
  });
  registerConnectionRoutes(app, { db, keyRing: keyRingOf(config), webhooks });
  // SMS and WhatsApp (docs/decisions/012-sms-whatsapp.md).
  const notifications = await createNotificationRuntime({
    db,
    config,
    log: app.log,
    boss: jobs,
    ...(options.notifyProviders ? { providers: options.notifyProviders } : {}),
  });
  app.addHook('onClose', async () => notifications.close());
  app.decorate('notifications', notifications);
  subscribeNotificationEvents(app, notifications);
  registerNotificationRoutes(app, { db, config });
  registerCampaignRoutes(app, { db, config, mailer });
  registerCampaignConsentRoutes(app, { db, config });
  await registerApiServices(app, {
    db,
    mailer,
    pix: pixRuntime,
    config,
    startedAt: Date.now(),
    jobs,
  });
  registerAdminPanelRoutes(app, { database, config, storage, mailer, pix: () => app.pix });
  registerAdminFinanceRoutes(app, { database, pix: () => app.pix });
  registerAuditRoutes(app, { db });
  registerPaymentRoutes(app, { db, config, provider: pix, mailer });
  registerWalletRoutes(app, { db, config, provider: pix });
  registerDashboardRoutes(app, { db });
  registerDrawRoutes(app, { read: database.read });
  registerWinnerRoutes(app, { db });
  registerPrivateRoomRoutes(app, { db, config });
  registerPrivateRoomJoinRoutes(app, { db, config });
  registerSupportRoutes(app, { db, config, mailer });
  registerDrawRuntime(app, { db, config, mailer });
  await registerRounds(app, {
    db,
    config,
    storage,
    provider: pix,
    jobs,
    onReceived: afterPixReceived(app, { db, config, mailer }),
    onDraw: (outcome) => app.afterDraw(outcome),
    onSeatFreed: (salaId) => events.emit('room', salaId),
    onPayout: afterPayout(app, { db, config, mailer }),
  });

  // 7. the web app; 8. the 404 handler (the error handler is set first: routes capture it)
  const pages = await registerStatic(app, config.staticDir ?? defaultStaticDir());
  if (pages) registerRoomPages(app, { db, config, pages });
  registerNotFoundHandler(app, pages);

  await app.ready();
  state.ready = true;
  return app;
}
