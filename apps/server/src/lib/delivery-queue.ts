/**
 * The one shape of the platform's outgoing deliveries (notification messages, campaign SMS,
 * webhook deliveries): the table is the queue, one row per delivery.
 *
 * - An attempt first claims its row with a lease: one conditional UPDATE moves the row's due
 *   time past the sender's deadline, only if the row is still pending and due. Two server copies
 *   never send a row at the same time, and a copy that dies mid-attempt leaves the lease to
 *   expire, after which the sweep finds the row due again.
 * - The sender runs; success marks the row done, a retryable failure schedules the next attempt
 *   (backoff), and after the last allowed attempt the row is given up.
 * - Retries wait in the job queue (pg-boss `startAfter`), or on a timer when the queue is off
 *   (tests, tools); a periodic sweep re-runs rows whose time has come.
 */
import { type SQL, and, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';

// ---------------------------------------------------------------- one attempt

/** The columns that make a table a leased queue. */
export interface LeasedTable<T extends PgTable> {
  table: T;
  id: PgColumn;
  status: PgColumn;
  /** The status of a row still waiting to go out. */
  pending: string;
  /** When the row is due: the next attempt's time, moved forward by a claim (the lease). */
  dueAt: PgColumn;
}

/**
 * Claims a pending, due row for `leaseMs`; null when it is not due, no longer pending, or
 * another attempt holds it.
 */
export async function claimLeased<T extends PgTable>(
  db: Db,
  queue: LeasedTable<T>,
  id: string,
  leaseMs: number,
): Promise<T['$inferSelect'] | null> {
  const key = Object.entries(getTableColumns(queue.table)).find(([, c]) => c === queue.dueAt)?.[0];
  if (!key) throw new Error('dueAt is not a column of the table');
  const lease = new Date(Date.now() + leaseMs);
  const where: SQL | undefined = and(
    eq(queue.id, id),
    eq(queue.status, queue.pending),
    // The database's clock, as the rows' defaults: a JavaScript Date has only milliseconds, so a
    // row inserted in the same millisecond would look not yet due on PostgreSQL (microseconds).
    lte(queue.dueAt, sql`clock_timestamp()`),
  );
  // A generic table: Drizzle cannot type the set object or the returned row for it.
  const rows = (await db
    .update(queue.table)
    .set({ [key]: lease } as never)
    .where(where)
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}

/** What a sender reports: the provider's result, or a failure and whether it may be retried. */
export type SendOutcome<Sent, Failure> =
  { ok: true; result: Sent } | { ok: false; failure: Failure; retryable: boolean };

/** Seconds before attempt n+1 after n attempts (the first included); null: give up. */
export type RetryDelay = (attempts: number) => number | null;

/** base x factor^(n-1) while n < maxAttempts, then give up. */
export function exponentialBackoff(options: {
  baseSeconds: number;
  factor: number;
  maxAttempts: number;
}): RetryDelay {
  return (attempts) =>
    attempts < options.maxAttempts ? options.baseSeconds * options.factor ** (attempts - 1) : null;
}

/** A fixed schedule: delays[n-1] after n attempts, then give up. */
export function scheduledBackoff(delays: readonly number[]): RetryDelay {
  return (attempts) => delays[attempts - 1] ?? null;
}

/**
 * One attempt of one delivery: claim, check, send, then mark it sent, schedule its retry or give
 * it up. Returns the seconds until the next attempt when it must be retried, else null.
 */
export async function attemptLeased<Row extends { attempts: number }, Sent, Failure>(steps: {
  claim(): Promise<Row | null>;
  /** Checks at send time, after the claim; false when it settled the row without sending. */
  admit?(row: Row): Promise<boolean>;
  send(row: Row): Promise<SendOutcome<Sent, Failure>>;
  retryDelay: RetryDelay;
  sent(row: Row, attempts: number, result: Sent): Promise<void>;
  retry(row: Row, attempts: number, failure: Failure, delaySeconds: number): Promise<void>;
  giveUp(row: Row, attempts: number, failure: Failure): Promise<void>;
}): Promise<number | null> {
  const row = await steps.claim();
  if (!row) return null;
  if (steps.admit && !(await steps.admit(row))) return null;
  const attempts = row.attempts + 1;
  const outcome = await steps.send(row);
  if (outcome.ok) {
    await steps.sent(row, attempts, outcome.result);
    return null;
  }
  const delay = outcome.retryable ? steps.retryDelay(attempts) : null;
  if (delay !== null) {
    await steps.retry(row, attempts, outcome.failure, delay);
    return delay;
  }
  await steps.giveUp(row, attempts, outcome.failure);
  return null;
}

// ---------------------------------------------------------------- the runner

export interface DeliveryRunner<Job> {
  /** Runs the job after a delay: in the job queue, or on a timer without it. */
  enqueue(job: Job, delaySeconds: number): Promise<void>;
  /** Runs background work so that idle() waits for it; a failure is logged. */
  track(work: Promise<void>): Promise<void>;
  /** Resolves when no tracked work is running or waiting on a timer (tests). */
  idle(): Promise<void>;
  close(): void;
}

export const SWEEP_MS = 30_000;

/**
 * The queue and timers behind a kind of delivery: jobs of `queue` run `run`; every `sweepMs`
 * the sweep re-runs the rows whose time has come.
 */
export async function createDeliveryRunner<Job extends object>(options: {
  queue: string;
  boss: PgBoss | null;
  log: FastifyBaseLogger;
  /** What the log says when an attempt or a sweep fails ('webhook' -> 'webhook attempt failed'). */
  label: string;
  run(job: Job): Promise<void>;
  sweep(): Promise<void>;
  sweepMs?: number;
  /** The job queue's start delay for a retry due in `delaySeconds` (default: the same). */
  startAfter?: (delaySeconds: number) => number;
}): Promise<DeliveryRunner<Job>> {
  const { boss, log, label } = options;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const track = (work: Promise<void>) => {
    const p = work.catch((error: unknown) => log.warn({ err: error }, `${label} attempt failed`));
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };

  if (boss) {
    await boss.createQueue(options.queue);
    await boss.work<Job>(
      options.queue,
      { pollingIntervalSeconds: 1, batchSize: 10 },
      async (jobs) => {
        for (const job of jobs) await options.run(job.data);
      },
    );
  }

  const sweepTimer = setInterval(() => {
    options.sweep().catch((error: unknown) => log.warn({ err: error }, `${label} sweep failed`));
  }, options.sweepMs ?? SWEEP_MS);
  sweepTimer.unref();

  return {
    async enqueue(job, delaySeconds) {
      if (boss) {
        await boss.send(options.queue, job, {
          startAfter: options.startAfter ? options.startAfter(delaySeconds) : delaySeconds,
          retryLimit: 2,
        });
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        void track(options.run(job));
      }, delaySeconds * 1000);
      timer.unref();
      timers.add(timer);
    },
    track,
    async idle() {
      while (running.size > 0 || timers.size > 0) {
        await Promise.all([...running]);
        if (timers.size > 0) await new Promise((r) => setTimeout(r, 10));
      }
    },
    close() {
      clearInterval(sweepTimer);
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
