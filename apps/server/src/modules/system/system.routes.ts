import { and, count, eq, ne, sql } from 'drizzle-orm';
import {
  healthSchema,
  outboxIdParamsSchema,
  outboxMessageSchema,
  outboxMessageSummarySchema,
  platformStatsSchema,
  publicConfigSchema,
  readySchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { salas, sorteios, user } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isPlayerAccount } from '../../lib/player-accounts';
import type { App } from '../../lib/fastify';
import { redisReady } from '../../lib/redis';
import type { FileStorage } from '../../lib/storage';
import type { Mailer } from '../mail/mail.service';

export interface SystemState {
  /** False until started and again from SIGTERM on (the copy is leaving). */
  ready: boolean;
  /** When a request last failed because this shared part was down (app.ts error handler). */
  outages: Partial<Record<'database' | 'storage', number>>;
}

/** How long a failure to store a file keeps 'storage' in /api/ready's list of what is down. */
export const STORAGE_OUTAGE_MS = 30_000;

/** How long /api/ready waits for the database before it says the database is down. */
export const READY_DB_TIMEOUT_MS = 1000;

/**
 * How long /api/health waits for the database's round trip: a database that does not answer (a
 * wedged embedded database, a lost server) is reported as 503 within this, not by a request that
 * never ends. Well under the usual probe timeouts.
 */
export const HEALTH_DB_TIMEOUT_MS = 2000;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

export function registerSystemRoutes(
  app: App,
  deps: {
    config: Config;
    database: Database;
    mailer: Mailer;
    state: SystemState;
    startedAt: number;
    storage?: FileStorage;
  },
) {
  const { config, database, mailer, state, storage } = deps;

  // A database that does not answer keeps one round trip waiting, not one per health check.
  let inFlight: Promise<number> | null = null;
  function pingWithin(ms: number): Promise<number> {
    const ping = (inFlight ??= database.ping().finally(() => {
      inFlight = null;
    }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the database did not answer within ${ms} ms`)),
        ms,
      );
      ping.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Saúde do serviço',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      let roundTripMs: number | null = null;
      try {
        roundTripMs = Math.round((await pingWithin(HEALTH_DB_TIMEOUT_MS)) * 100) / 100;
      } catch (error) {
        app.log.error({ err: error }, 'database health check failed');
      }
      const ok = roundTripMs !== null;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        version: config.version,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
        database: { status: ok ? 'ok' : 'error', driver: database.driver, roundTripMs },
      });
    },
  );

  app.get(
    '/api/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Pronto para receber tráfego',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    // What a load balancer (and the cluster's supervisor, scripts/cluster) reads: 503 while the copy
    // is leaving or cannot reach the database; `down` names every shared part not working now
    // (Redis and the upload storage are listed without taking the copy out: requests still work).
    async (_request, reply) => {
      const down: ('shutting-down' | 'database' | 'redis' | 'storage')[] = [];
      if (!state.ready) down.push('shutting-down');
      try {
        await pingWithin(READY_DB_TIMEOUT_MS);
      } catch {
        down.push('database');
      }
      if (!redisReady(app.redis)) down.push('redis');
      const storageFailedAt = state.outages.storage;
      const storageFull = storage?.hasRoom ? !(await storage.hasRoom().catch(() => false)) : false;
      if (
        storageFull ||
        (storageFailedAt !== undefined && Date.now() - storageFailedAt < STORAGE_OUTAGE_MS)
      )
        down.push('storage');
      const ready = state.ready && !down.includes('database');
      if (!ready) void reply.header('retry-after', '5');
      return reply.status(ready ? 200 : 503).send({ ready, down });
    },
  );

  app.get(
    '/api/public/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Configuração pública',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      pixProvider: config.pixProvider,
      mailOutbox: config.mailOutboxPage && mailer.outbox !== null,
      supportEmail: config.supportEmail,
      supportWhatsapp: config.supportWhatsapp,
      operator: config.operator,
      version: config.version,
    }),
  );

  app.get(
    '/api/public/stats',
    {
      schema: {
        tags: ['system'],
        summary: 'Números reais da plataforma',
        response: { 200: platformStatsSchema },
      },
    },
    async (request, reply) =>
      app.publicCache.send(request, reply, {
        tag: 'stats',
        key: 'stats',
        schema: platformStatsSchema,
        load: () => platformStats(database),
      }),
  );

  async function platformStats(database: Database) {
    // Public figures may lag a second: the read standby when there is one.
    const db = database.read;
    const [[users], [openRooms], [draws]] = await Promise.all([
      db.select({ n: count() }).from(user).where(isPlayerAccount),
      db
        .select({ n: count() })
        .from(salas)
        .where(and(eq(salas.status, 'aberta'), ne(salas.tipoSala, 'privada'))),
      db
        .select({
          n: count(),
          paid: sql<string>`coalesce(sum(${sorteios.valorPremioLiquido}) filter (where ${sorteios.statusPagamentoPremio} = 'confirmado'), 0)`,
        })
        .from(sorteios),
    ]);
    return {
      users: users?.n ?? 0,
      openRooms: openRooms?.n ?? 0,
      draws: draws?.n ?? 0,
      prizesPaidCentavos: Number(draws?.paid ?? 0),
    };
  }

  const outbox = config.mailOutboxPage ? mailer.outbox : null;
  if (outbox) {
    // The outbox holds confirmation and recovery links: only the machine's own browser may read
    // it. A request that came through a proxy (forwarding headers) is never local, whatever its
    // socket address says.
    app.addHook('onRequest', async (request) => {
      if (
        request.url.startsWith('/api/dev/outbox') &&
        (!LOOPBACK.has(request.socket.remoteAddress ?? '') ||
          FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined))
      ) {
        throw notFound();
      }
    });
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['system'],
          summary: 'E-mails da caixa de saída local',
          response: { 200: z.array(outboxMessageSummarySchema) },
        },
      },
      async () => outbox.list(),
    );
    app.get(
      '/api/dev/outbox/:id',
      {
        schema: {
          tags: ['system'],
          summary: 'Um e-mail da caixa de saída local',
          params: outboxIdParamsSchema,
          response: { 200: outboxMessageSchema },
        },
      },
      async (request) => {
        const message = await outbox.get(request.params.id);
        if (!message) throw notFound('E-mail não encontrado.');
        return message;
      },
    );
  }
}
