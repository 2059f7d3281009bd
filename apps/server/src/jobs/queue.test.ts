import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../modules/mail/mail.service';
import { type TestDatabase, createTestDatabase } from '../test/helpers';
import { createRequire } from 'node:module';
import {
  createJobQueue,
  isSettled,
  pgBossManager,
  queueMail,
  scheduleRounds,
  settleQuietly,
} from './queue';

const silentLog = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent() {},
} as never;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

function flakyTransport(failures: number) {
  const sent: MailMessage[] = [];
  let calls = 0;
  const transport: Mailer = {
    outbox: null,
    async send(message) {
      calls += 1;
      if (calls <= failures) throw new Error('SMTP fora do ar');
      sent.push(message);
    },
    close() {},
  };
  return { transport, sent, calls: () => calls };
}

async function until(check: () => boolean, ms = 15_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('mail queue', () => {
  it('delivers queued mail, retrying a failing transport', async () => {
    const boss = await createJobQueue(database, silentLog);
    const flaky = flakyTransport(1);
    const mailer = await queueMail(boss, flaky.transport, {
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    });
    await mailer.send({ to: 'a@teste.com.br', subject: 'Oi', text: 't', html: '<p>t</p>' });
    // The first attempt fails; pg-boss retries it after the (shortened) delay.
    await until(() => flaky.sent.length === 1, 40_000);
    expect(flaky.calls()).toBe(2);
    expect(flaky.sent[0]?.to).toBe('a@teste.com.br');
    await boss.stop({ graceful: false, wait: true });
  }, 60_000);

  it('keeps queued mail across a restart', async () => {
    const first = await createJobQueue(database, silentLog);
    await first.send('mail', { to: 'b@teste.com.br', subject: 'Depois', text: 't', html: 't' });
    await first.stop({ graceful: false, wait: true });
    const second = await createJobQueue(database, silentLog);
    const ok = flakyTransport(0);
    await queueMail(second, ok.transport, { pollingIntervalSeconds: 0.5 });
    await until(() => ok.sent.some((m) => m.to === 'b@teste.com.br'));
    await second.stop({ graceful: false, wait: true });
  }, 30_000);

  it('runs the background rounds as one job at a time across two server copies', async () => {
    const [one, two] = [
      await createJobQueue(database, silentLog),
      await createJobQueue(database, silentLog),
    ];
    let running = 0;
    let maxRunning = 0;
    let rounds = 0;
    const scheduler = {
      async runOnce() {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 200));
        rounds += 1;
        running -= 1;
      },
    };
    await scheduleRounds(one, scheduler, { intervalSeconds: 1, pollingIntervalSeconds: 0.5 });
    await scheduleRounds(two, scheduler, { intervalSeconds: 1, pollingIntervalSeconds: 0.5 });
    await until(() => rounds >= 3, 20_000);
    expect(maxRunning).toBe(1);
    await one.stop({ graceful: false, wait: true });
    await two.stop({ graceful: false, wait: true });
  }, 30_000);
});

describe('the database down while jobs are marked', () => {
  it('reports a batch it cannot mark completed or failed instead of ending the process', async () => {
    const down = (..._args: unknown[]) =>
      Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const reported: string[] = [];
    const manager = {
      complete: down,
      fail: down,
      emit: (_event: 'error', error: unknown) => reported.push(String(error)) > 0,
    };
    settleQuietly(manager);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // As pg-boss's worker does after a batch: neither is awaited.
      void manager.complete('mail', ['job-1']);
      void manager.fail('mail', ['job-2']);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(reported).toEqual([
      'Error: connect ECONNREFUSED 127.0.0.1:5432',
      'Error: connect ECONNREFUSED 127.0.0.1:5432',
    ]);
  });

  it("wraps the marks of pg-boss's own worker, where the worker calls them", async () => {
    // The module pg-boss itself loads (its worker calls these on its manager, not on the boss).
    const manager = createRequire(import.meta.url)('pg-boss/src/manager') as { prototype: object };
    expect(manager).toBe(pgBossManager);
    const boss = await createJobQueue(database, silentLog);
    await boss.stop({ graceful: false });
    expect(isSettled(manager.prototype)).toBe(true);
  });
});
