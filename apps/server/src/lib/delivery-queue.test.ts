import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { type TestDatabase, createTestDatabase } from '../test/helpers';
import {
  type SendOutcome,
  attemptLeased,
  claimLeased,
  createDeliveryRunner,
  exponentialBackoff,
  scheduledBackoff,
} from './delivery-queue';

const outbox = pgTable('delivery_queue_test', {
  id: text('id').primaryKey(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  error: text('error'),
});
type Row = typeof outbox.$inferSelect;
const queue = {
  table: outbox,
  id: outbox.id,
  status: outbox.status,
  pending: 'pending',
  dueAt: outbox.dueAt,
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table delivery_queue_test (
    id text primary key, status text not null default 'pending',
    attempts integer not null default 0, due_at timestamptz not null default now(), error text)`);
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from delivery_queue_test`);
});

async function rowOf(id: string): Promise<Row> {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

/** One attempt whose sender answers `outcome`; the settle steps write what the real queues do. */
function attempt(id: string, outcome: SendOutcome<string, string>, maxAttempts = 3) {
  const { db } = database;
  const send = vi.fn(() => Promise.resolve(outcome));
  const result = attemptLeased<Row, string, string>({
    claim: () => claimLeased(db, queue, id, 60_000),
    send,
    retryDelay: exponentialBackoff({ baseSeconds: 10, factor: 4, maxAttempts }),
    async sent(row, attempts) {
      await db.update(outbox).set({ status: 'sent', attempts }).where(eq(outbox.id, row.id));
    },
    async retry(row, attempts, failure, delay) {
      await db
        .update(outbox)
        .set({ attempts, error: failure, dueAt: new Date(Date.now() + delay * 1000) })
        .where(eq(outbox.id, row.id));
    },
    async giveUp(row, attempts, failure) {
      await db
        .update(outbox)
        .set({ status: 'failed', attempts, error: failure })
        .where(eq(outbox.id, row.id));
    },
  });
  return { result, send };
}

describe('backoff policies', () => {
  it('grows exponentially and gives up at the last attempt', () => {
    const delay = exponentialBackoff({ baseSeconds: 10, factor: 4, maxAttempts: 6 });
    expect([1, 2, 3, 4, 5, 6].map(delay)).toEqual([10, 40, 160, 640, 2560, null]);
  });

  it('follows a fixed schedule, then gives up', () => {
    const delay = scheduledBackoff([5, 30, 120]);
    expect([1, 2, 3, 4].map(delay)).toEqual([5, 30, 120, null]);
  });
});

describe('claimLeased', () => {
  it('claims a due row once; the lease keeps other attempts out until it expires', async () => {
    const { db } = database;
    await db.insert(outbox).values({ id: 'a' });
    const first = await claimLeased(db, queue, 'a', 60_000);
    expect(first?.id).toBe('a');
    expect((await rowOf('a')).dueAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await claimLeased(db, queue, 'a', 60_000)).toBeNull();

    // The holder died: once its lease has passed, the row is due again and is claimed anew.
    await db
      .update(outbox)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, 'a'));
    expect((await claimLeased(db, queue, 'a', 60_000))?.id).toBe('a');
  });

  it('claims neither rows not yet due nor rows no longer pending', async () => {
    const { db } = database;
    await db.insert(outbox).values([
      { id: 'later', dueAt: new Date(Date.now() + 60_000) },
      { id: 'done', status: 'sent' },
    ]);
    expect(await claimLeased(db, queue, 'later', 60_000)).toBeNull();
    expect(await claimLeased(db, queue, 'done', 60_000)).toBeNull();
    expect(await claimLeased(db, queue, 'missing', 60_000)).toBeNull();
  });

  it('lets only one of two simultaneous attempts claim a row', async () => {
    const { db } = database;
    await db.insert(outbox).values({ id: 'race' });
    const claims = await Promise.all([
      claimLeased(db, queue, 'race', 60_000),
      claimLeased(db, queue, 'race', 60_000),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});

describe('attemptLeased', () => {
  it('marks a sent row done and counts the attempt', async () => {
    await database.db.insert(outbox).values({ id: 'ok' });
    const { result, send } = attempt('ok', { ok: true, result: 'id-1' });
    expect(await result).toBeNull();
    expect(send).toHaveBeenCalledOnce();
    expect(await rowOf('ok')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('schedules a retryable failure with backoff, then gives up after the last attempt', async () => {
    const { db } = database;
    await db.insert(outbox).values({ id: 'flaky' });
    const failure = { ok: false, failure: 'HTTP 503', retryable: true } as const;

    expect(await attempt('flaky', failure).result).toBe(10);
    let row = await rowOf('flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, error: 'HTTP 503' });
    expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 8_000);
    // Not due yet: the retry waits for its time.
    expect(await attempt('flaky', failure).result).toBeNull();
    expect((await rowOf('flaky')).attempts).toBe(1);

    await db.update(outbox).set({ dueAt: new Date(Date.now() - 1000) });
    expect(await attempt('flaky', failure).result).toBe(40);
    await db.update(outbox).set({ dueAt: new Date(Date.now() - 1000) });
    expect(await attempt('flaky', failure).result).toBeNull();
    row = await rowOf('flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, error: 'HTTP 503' });
    // Given up: never claimed again.
    await db.update(outbox).set({ dueAt: new Date(Date.now() - 1000) });
    const again = attempt('flaky', failure);
    expect(await again.result).toBeNull();
    expect(again.send).not.toHaveBeenCalled();
  });

  it('gives up at once on a failure that is not retryable', async () => {
    await database.db.insert(outbox).values({ id: 'bad' });
    const { result } = attempt('bad', { ok: false, failure: 'HTTP 400', retryable: false });
    expect(await result).toBeNull();
    expect(await rowOf('bad')).toMatchObject({ status: 'failed', attempts: 1, error: 'HTTP 400' });
  });

  it('does not send a row its check refused', async () => {
    const { db } = database;
    await db.insert(outbox).values({ id: 'refused' });
    const send = vi.fn();
    const result = await attemptLeased<Row, string, string>({
      claim: () => claimLeased(db, queue, 'refused', 60_000),
      admit: () => Promise.resolve(false),
      send,
      retryDelay: () => 1,
      sent: () => Promise.resolve(),
      retry: () => Promise.resolve(),
      giveUp: () => Promise.resolve(),
    });
    expect(result).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('createDeliveryRunner without a job queue', () => {
  it('runs an enqueued job on a timer after its delay, and idle() waits for it', async () => {
    const ran: string[] = [];
    const runner = await createDeliveryRunner<{ id: string }>({
      queue: 'test',
      boss: null,
      log: pino({ level: 'silent' }),
      label: 'test',
      run: async (job) => {
        ran.push(job.id);
      },
      sweep: () => Promise.resolve(),
    });
    await runner.enqueue({ id: 'x' }, 0.02);
    expect(ran).toEqual([]);
    await runner.idle();
    expect(ran).toEqual(['x']);

    await runner.enqueue({ id: 'never' }, 60);
    runner.close();
    await runner.idle();
    expect(ran).toEqual(['x']);
  });

  it('logs a failed attempt instead of throwing', async () => {
    const log = pino({ level: 'silent' });
    const warn = vi.spyOn(log, 'warn');
    const runner = await createDeliveryRunner<{ id: string }>({
      queue: 'test',
      boss: null,
      log,
      label: 'test',
      run: () => Promise.reject(new Error('boom')),
      sweep: () => Promise.resolve(),
    });
    await runner.enqueue({ id: 'y' }, 0);
    await runner.idle();
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'test attempt failed');
    runner.close();
  });
});
