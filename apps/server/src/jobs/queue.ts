import { createRequire } from 'node:module';
/**
 * The job queue (pg-boss) on the same database as everything else: PostgreSQL through its own small
 * pool, or PGlite through an executor (parameterless SQL to exec() for multi-statement DDL, the rest
 * to query(); STACK.md). Jobs are rows, so they survive restarts; retries back off.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { MailMessage, Mailer } from '../modules/mail/mail.service';

export const MAIL_QUEUE = 'mail';
export const ROUNDS_QUEUE = 'rounds';
/** The periodic health checks of the API services (modules/service-health/service-health.service.ts). */
export const HEALTH_QUEUE = 'service-health';
/** Seconds between two rounds of the background work (seat expiry, PIX polling, draws, payouts). */
export const ROUND_INTERVAL_SECONDS = 15;

export async function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: {
    /**
     * Seconds between two looks for jobs past their expiry (their copy died holding them): such a
     * job fails and is retried by whichever copy fetches it next. pg-boss's default is 120.
     */
    maintenanceSeconds?: number;
  } = {},
): Promise<PgBoss> {
  const pglite = database.pglite;
  const connection: PgBoss.ConstructorOptions = pglite
    ? {
        db: {
          async executeSql(text: string, values?: unknown[]) {
            if (!values || values.length === 0) {
              const results = await pglite.exec(text);
              const last = results.at(-1);
              return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 } as never;
            }
            const r = await pglite.query(text, values);
            return { rows: r.rows, rowCount: r.affectedRows ?? 0 } as never;
          },
        },
      }
    : {
        connectionString: (database.pool!.options as { connectionString?: string })
          .connectionString,
        max: 3,
      };
  const boss = new PgBoss({
    ...connection,
    schema: 'pgboss',
    schedule: false,
    ...(options.maintenanceSeconds
      ? { maintenanceIntervalSeconds: options.maintenanceSeconds }
      : {}),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  settleQuietly(pgBossManager.prototype);
  await boss.start();
  await boss.createQueue(MAIL_QUEUE);
  return boss;
}

/**
 * A mailer that queues every message and a worker that delivers it through the real transport,
 * retrying with backoff (an SMTP outage delays mail, never loses it or fails the request).
 */
export async function queueMail(
  boss: PgBoss,
  transport: Mailer,
  options: {
    pollingIntervalSeconds?: number;
    retryDelaySeconds?: number;
    /** A delivery running longer counts as dead (its copy killed) and is retried (default 120). */
    expireInSeconds?: number;
  } = {},
): Promise<Mailer> {
  // Batches: a campaign queues thousands of mails, and one job per poll would send ~1 a second.
  // A failed mail fails only its own job (retried with backoff); the rest of the batch completes.
  await boss.work<MailMessage>(
    MAIL_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 50 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await transport.send(job.data);
        } catch (error) {
          await boss.fail(MAIL_QUEUE, job.id, { message: String(error) });
        }
      }
    },
  );
  return {
    outbox: transport.outbox,
    async send(message) {
      await boss.send(MAIL_QUEUE, message, {
        retryLimit: 8,
        expireInSeconds: options.expireInSeconds ?? 120,
        retryDelay: options.retryDelaySeconds ?? 15,
        retryBackoff: true,
      });
    },
    close() {
      transport.close();
    },
    ...(transport.check ? { check: () => transport.check!() } : {}),
  };
}

/**
 * The background rounds as one self-rescheduling job: the 'stately' policy keeps at most one round
 * waiting and one running across every server copy; a copy that dies mid-round lets the job expire
 * and be retried; each finished round queues the next one.
 */
export async function scheduleRounds(
  boss: PgBoss,
  scheduler: { runOnce(): Promise<unknown> },
  options: { intervalSeconds?: number; pollingIntervalSeconds?: number; queue?: string } = {},
) {
  const interval = options.intervalSeconds ?? ROUND_INTERVAL_SECONDS;
  const queue = options.queue ?? ROUNDS_QUEUE;
  await boss.createQueue(queue, { name: queue, policy: 'stately' });
  const next = (startAfter: number) =>
    boss.send(
      queue,
      {},
      { startAfter, expireInSeconds: 120, retryLimit: 1000, retryDelay: interval },
    );
  await boss.work(
    queue,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async () => {
      try {
        await scheduler.runOnce();
      } finally {
        await next(interval);
      }
    },
  );
  await next(0);
}

type Mark = (...args: unknown[]) => Promise<unknown>;
interface Marking {
  complete: Mark;
  fail: Mark;
  emit?(event: 'error', error: unknown): boolean;
}

/** Already wrapped (pg-boss's Manager prototype is shared by every queue of the process). */
const settled = new WeakSet<object>();

/**
 * pg-boss 10's worker marks a batch completed or failed without awaiting it: when the database is
 * unreachable at that instant (a restart, a failover), the rejection would be unhandled and end
 * the process. Here a failed mark is reported as the queue's 'error' event (logged by its
 * listener) and settles. Nothing is lost: a job not marked stays active until its expiry
 * (expireInSeconds) and is then retried, as after a killed copy.
 */
export function settleQuietly(target: Marking): void {
  if (settled.has(target)) return;
  settled.add(target);
  for (const method of ['complete', 'fail'] as const) {
    const original = target[method];
    target[method] = function (this: Marking, ...args: unknown[]) {
      return original.apply(this, args).catch((error: unknown) => {
        this.emit?.('error', error);
        return undefined;
      });
    };
  }
}

/** Whether `settleQuietly` wrapped the target's marks. */
export const isSettled = (target: object) => settled.has(target);

/** The worker calls its manager's own methods, so they are wrapped where they are defined. */
export const pgBossManager = createRequire(import.meta.url)('pg-boss/src/manager') as {
  prototype: Marking;
};
