/**
 * The background rounds of the running app: the scheduler with what follows each of its results
 * (given by the modules), run as a pg-boss job when the queue is on, never on a local timer then.
 */
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { App } from '../lib/fastify';
import type { FileStorage } from '../lib/storage';
import type { PixProvider } from '../modules/payments/pix-provider';
import { scheduleRounds } from './queue';
import { type Scheduler, createScheduler } from './scheduler';

type Callbacks = Pick<
  Parameters<typeof createScheduler>[0],
  'onReceived' | 'onDraw' | 'onPayout' | 'onSeatFreed'
>;

export async function registerRounds(
  app: App,
  deps: Callbacks & {
    db: Db;
    config: Config;
    storage: FileStorage;
    provider: PixProvider | null;
    jobs: PgBoss | null;
  },
): Promise<Scheduler> {
  const { jobs, ...callbacks } = deps;
  const scheduler = createScheduler({
    ...callbacks,
    log: app.log,
    intervalMs: 15_000,
    autoStart: false,
    auditLedger: jobs !== null,
  });
  app.decorate('scheduler', scheduler);
  if (jobs) await scheduleRounds(jobs, scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
}
