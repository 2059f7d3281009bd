/**
 * The API services module on the app: its routes, the health runtime other parts read
 * (app.serviceHealth), and the periodic health checks behind the measured uptime, one copy at a
 * time on the job queue.
 */
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HEALTH_QUEUE, scheduleRounds } from '../../jobs/queue';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import type { PixRuntime } from '../pix-setup/pix-setup.service';
import { HEALTH_CHECK_INTERVAL_SECONDS } from '../service-health/service-health.service';
import { registerServiceRoutes } from './api-services.routes';

export async function registerApiServices(
  app: App,
  deps: {
    db: Db;
    mailer: Mailer;
    pix: PixRuntime;
    config: Config;
    startedAt: number;
    jobs: PgBoss | null;
  },
): Promise<void> {
  const { jobs, ...routeDeps } = deps;
  const serviceHealth = registerServiceRoutes(app, routeDeps);
  app.decorate('serviceHealth', serviceHealth);
  if (jobs)
    await scheduleRounds(jobs, serviceHealth, {
      queue: HEALTH_QUEUE,
      intervalSeconds: HEALTH_CHECK_INTERVAL_SECONDS,
    });
}
