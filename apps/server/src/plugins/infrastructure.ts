/**
 * The shared parts every module uses: the Redis of the copies (when configured), the database,
 * the mail transport (through the durable job queue when the background jobs are on) and the
 * in-process event bus.
 */
import { EventEmitter } from 'node:events';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import { type Database, createDatabase } from '../db/client';
import { createJobQueue, queueMail } from '../jobs/queue';
import type { App } from '../lib/fastify';
import { type SharedRedis, createRedis } from '../lib/redis';
import { type Mailer, createMailer } from '../modules/mail/mail.service';

export interface Infrastructure {
  redis: SharedRedis | null;
  database: Database;
  mailer: Mailer;
  /** The durable job queue, or null (tests without background jobs). */
  jobs: PgBoss | null;
  events: EventEmitter;
}

export async function registerInfrastructure(
  app: App,
  config: Config,
  options: { database?: Database; mailer?: Mailer; startJobs?: boolean; skipMigrations?: boolean },
): Promise<Infrastructure> {
  // Shared counters (rate limits, socket caps) when the copies share a Redis.
  const redis = config.redis ? createRedis(config.redis, app.log) : null;
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });

  const database = options.database ?? (await createDatabase(config.database));
  if (!options.skipMigrations) await database.migrate();
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });

  const transport = options.mailer ?? createMailer(config.mail);
  // With the background jobs on, mail goes through the durable queue (retries, survives restarts);
  // tests without jobs send inline so they can read what was sent at once.
  let mailer = transport;
  let jobs: PgBoss | null = null;
  if (options.startJobs ?? true) {
    const boss = await createJobQueue(database, app.log, {
      maintenanceSeconds: config.jobs.maintenanceSeconds,
    });
    jobs = boss;
    mailer = await queueMail(boss, transport, {
      expireInSeconds: config.jobs.mailExpireSeconds,
      retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
    });
    app.addHook('onClose', async () => boss.stop({ graceful: true, wait: true, timeout: 5000 }));
  }
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const events = new EventEmitter();
  events.setMaxListeners(0);
  app.decorate('events', events);
  return { redis, database, mailer, jobs, events };
}
