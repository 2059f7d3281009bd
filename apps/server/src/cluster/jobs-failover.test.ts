/**
 * A job claimed by a copy that is killed is finished by another: three real server copies on one
 * fresh PostgreSQL database, each sending mail to an SMTP server of its own. The delivery of one
 * password-reset mail is held at its recipient by whichever copy claimed the job; that copy is
 * killed with SIGKILL mid-delivery. The job expires (MAIL_JOB_EXPIRE_SECONDS), a surviving copy's
 * maintenance (JOBS_MAINTENANCE_SECONDS) fails it for retry, and a surviving copy delivers it.
 * Runs on PostgreSQL only (TEST_DATABASE_URL).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Copy, freePort, sleep, startCopy, stopCopies } from './copies-harness';

const adminUrl = process.env.TEST_DATABASE_URL;

// prettier-ignore
describe.skipIf(!adminUrl)('background jobs across copies', () => { // Skipped on the embedded database: copies share one PostgreSQL server.
  const database = `sorteio_jobs_${Date.now()}_${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-jobs-'));
  const copies: Copy[] = [];
  const servers: SMTPServer[] = [];
  let databaseUrl = '';
  let target = '';
  /** The copy that claimed the held delivery, and who delivered it in the end. */
  let heldBy: string | null = null;
  /** Holding starts once the demo's own mail (a winner's notice, say) has all gone out. */
  let armed = false;
  let onHeld: (name: string) => void = () => undefined;
  const delivered: { at: number; copy: string; to: string[] }[] = [];

  /** An SMTP server for one copy: holds the first delivery to `target` without answering. */
  async function smtpFor(name: string): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (armed && address.address.toLowerCase() === target && heldBy === null) {
          heldBy = name;
          onHeld(name);
          return; // never answered: the copy is killed while it waits
        }
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          delivered.push({ at: Date.now(), copy: name, to });
          callback();
        });
      },
    });
    // The killed copy's connection is reset under the held delivery.
    server.on('error', () => undefined);
    servers.push(server);
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return (server.server.address() as AddressInfo).port;
  }

  async function envFor(name: string): Promise<NodeJS.ProcessEnv> {
    return {
      ...process.env,
      NODE_ENV: 'production',
      VITEST: undefined,
      REDIS_URL: undefined,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_SECRET: 'jobs-test-secret-jobs-test-secret-0123456',
      ADMIN_PASSWORD: 'admin-senha-forte-1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-web-app'),
      SMTP_URL: `smtp://127.0.0.1:${await smtpFor(name)}`,
      // A delivery may run 6 s (a surviving copy's own delivery must not expire on a loaded
      // machine); every copy looks for expired jobs each second; retried after 1 s.
      MAIL_JOB_EXPIRE_SECONDS: '6',
      JOBS_MAINTENANCE_SECONDS: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
    };
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    copies.push(await startCopy('A', await envFor('A')));
    const [envB, envC] = [await envFor('B'), await envFor('C')];
    copies.push(...(await Promise.all([startCopy('B', envB), startCopy('C', envC)])));
  }, 420_000);

  afterAll(async () => {
    await stopCopies(copies);
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('finishes on another copy a mail job whose copy was killed mid-delivery', async () => {
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
    ) as { players: { email: string }[] };
    target = credentials.players[0]!.email.toLowerCase();
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined); // the database is dropped with force after a failure
    await client.connect();
    // The seeded draws mail their winners: that mail is delivered before the one under test.
    const pendingMail = async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = 'mail' and state <> 'completed'`,
        )
      ).rows[0]!.n;
    for (let t = Date.now(); Date.now() - t < 30_000 && (await pendingMail()) > 0; ) await sleep(250);
    expect(await pendingMail(), 'the demo mail is still pending').toBe(0);
    armed = true;
    const armedAt = Date.now();
    const held = new Promise<string>((resolve) => (onHeld = resolve));
    const asked = await fetch(`${copies[0]!.base}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: copies[0]!.base },
      body: JSON.stringify({ email: target }),
    });
    expect(asked.status).toBe(200);
    // Whichever copy fetched the job is now waiting on its SMTP server: kill it.
    const holder = await Promise.race([held, sleep(30_000).then(() => null)]);
    expect(holder, 'no copy started the delivery').not.toBeNull();
    const victim = copies.find((c) => c.name === holder)!;
    const exited = new Promise((resolve) => victim.child.once('exit', resolve));
    victim.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    // Another copy delivers it: expiry (6 s), maintenance (1 s), retry delay, polling (1 s).
    const isTarget = (d: { at: number; to: string[] }) =>
      d.at >= armedAt && d.to.some((t) => t.toLowerCase() === target);
    while (Date.now() - killedAt < 60_000 && !delivered.some(isTarget)) await sleep(250);
    const delivery = delivered.find(isTarget);
    expect(delivery, 'the mail was never delivered').toBeTruthy();
    expect(delivery!.copy).not.toBe(holder);
    expect(delivered.filter(isTarget)).toHaveLength(1);

    // The job itself: completed, after one retry (the killed copy's attempt). The worker marks it
    // once the SMTP server has answered, which a loaded machine may take seconds to do.
    let job: { state: string; retry_count: number } | undefined;
    const deliveredAt = Date.now();
    while (Date.now() - deliveredAt < 30_000) {
      const { rows } = await client.query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job
          where name = 'mail' and lower(data->>'to') = $1 order by created_on desc limit 1`,
        [target],
      );
      job = rows[0];
      if (job?.state === 'completed') break;
      await sleep(250);
    }
    await client.end();
    expect(job?.state).toBe('completed');
    expect(job?.retry_count).toBeGreaterThanOrEqual(1);
    expect(delivered.filter(isTarget), 'delivered once, also after completion').toHaveLength(1);
  }, 150_000);
});
