/**
 * `npm run drill`: failure drills on the production shape, under a mixed load through nginx
 * (scripts/cluster/mixed-load.ts). On a PostgreSQL cluster and a redis-server of its own (never
 * the machine's shared ones), 3 copies behind nginx (scripts/cluster/cluster.ts):
 *  1. kill -9 one copy (the supervisor starts it again);
 *  2. restart PostgreSQL;
 *  3. stop Redis for a while, then start it again;
 *  4. slow the database: a transaction holds a lock on the rooms for 10 s;
 *  5. fill the upload folder's disk (a 4 MB tmpfs mounted on it; skipped where mounting is not
 *     allowed);
 *  6. SIGTERM one copy (drained: out of nginx, then it finishes what it has in flight).
 * For each window: requests answered, 503 with Retry-After (none in the baseline, where nothing is
 * down) with who answered it and why, failures (any other 5xx, or no answer), and whether every
 * copy was ready again by itself. Afterwards: every join answered 200
 * is in the database, the ledger audit passes, no room was drawn twice and no payout paid twice.
 * Exits 1 when any of these fails.
 *
 * Environment: DRILL_PORT (nginx; the copies on the next 3 ports; 4440), DRILL_PG_PORT (5450),
 * DRILL_REDIS_PORT (6390), DRILL_USERS (virtual users, 12), DRILL_PHASE_SECONDS (time under load
 * after each fault, 8).
 *
 * `npm run drill -- --ci`: the same drills and checks with a small load (4 users, 20 sockets,
 * 20 players, 60 rooms, 5 s after each fault), bounded to about 4 minutes on a 2-core machine
 * (.ci/run).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { runLedgerAudit } from '../../apps/server/src/modules/wallet/ledger-audit';
import { type Cluster, buildOnce, startCluster } from '../cluster/cluster';
import { signInPlayers, startMixedLoad, summarise } from '../cluster/mixed-load';
import { seedPlayers, seedRooms } from '../cluster/seed';
import { startOwnPostgres, startOwnRedis } from '../cluster/services';

const ci = process.argv.includes('--ci');
const port = Number(process.env.DRILL_PORT ?? 4440);
const users = Number(process.env.DRILL_USERS ?? (ci ? 4 : 12));
const phaseMs = Number(process.env.DRILL_PHASE_SECONDS ?? (ci ? 5 : 8)) * 1000;
const size = ci
  ? { players: 20, rooms: 60, sockets: 20 }
  : { players: 60, rooms: 100, sockets: 50 };
const began = Date.now();
const BASELINE = 'baseline (no fault)';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) =>
  console.log(`[drill ${new Date().toISOString().slice(11, 19)}] ${line}`);

buildOnce(log);
const work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-drill-'));
const postgres = startOwnPostgres(Number(process.env.DRILL_PG_PORT ?? 5450));
const redis = await startOwnRedis(Number(process.env.DRILL_REDIS_PORT ?? 6390));
const databaseUrl = postgres.url.replace(/\/postgres$/, '/sorteio');
spawnSync('psql', [postgres.url, '-qc', 'create database sorteio'], { stdio: 'inherit' });
const dataDir = path.join(work, 'data');
mkdirSync(path.join(dataDir, 'private'), { recursive: true });
const env = {
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_MAX: '10',
  DATA_DIR: dataDir,
  APP_SECRET: 'drill-secret-drill-secret-drill-secret-0123456789',
  SEED_DEMO: 'false',
  OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
  STAFF_2FA_REQUIRED: 'true',
  REDIS_URL: redis.url,
  REDIS_PREFIX: 'drill:',
  LOG_LEVEL: 'warn',
  // One address (this machine) sends the whole load: the per-address bounds are lifted.
  RATE_LIMIT_ADDRESS_MAX: '100000000',
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_SIGN_IN_MAX: '100000000',
  RATE_LIMIT_JOIN_MAX: '100000000',
};

let cluster: Cluster | null = null;
let exitCode = 0;
const problems: string[] = [];
try {
  cluster = await startCluster({
    copies: 3,
    port,
    env,
    runDir: path.join(work, 'run'),
    output: 'files',
    accessLog: false,
    log,
  });
  log(`3 copies behind nginx at ${cluster.url}; logs in ${path.join(work, 'run')}`);

  // Players and rooms through the product's code, on the copies' database.
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'production' });
  const database = await createDatabase(config.database);
  const seeded = await seedPlayers(database.db, 'drill', size.players, 100_000);
  const rooms = await seedRooms(database.db, size.rooms, 5);
  const players = await signInPlayers(cluster.url, seeded);
  log(`${players.length} players signed in, ${rooms.length} rooms of 5 seats (drawn when full)`);

  const load = startMixedLoad({
    base: cluster.url,
    players,
    rooms,
    users,
    sockets: size.sockets,
  });
  const windows: { name: string; from: number; to: number; recovered: boolean; note: string }[] =
    [];
  const c = cluster;
  const phase = async (name: string, fault: () => Promise<string | void>) => {
    const from = Date.now();
    log(`${name}...`);
    let note = '';
    try {
      note = (await fault()) ?? '';
    } catch (error) {
      note = `fault not applied: ${String(error)}`;
    }
    await sleep(phaseMs);
    let recovered = true;
    try {
      await c.waitAllReady(60_000);
    } catch (error) {
      recovered = false;
      problems.push(`${name}: ${String(error)}`);
    }
    windows.push({ name, from, to: Date.now(), recovered, note });
  };
  const readyDown = async () => {
    const states = await Promise.all(
      c.copies.map(async (copy) => {
        const res = await fetch(`http://127.0.0.1:${copy.port}/api/ready`).catch(() => null);
        return res
          ? ((await res.json()) as { down: string[] }).down.join('+') || 'ok'
          : 'no answer';
      }),
    );
    return states.join(', ');
  };

  await phase(BASELINE, async () => undefined);
  await phase('kill -9 one copy', async () => {
    c.signal(1, 'SIGKILL');
  });
  await phase('restart PostgreSQL', async () => {
    postgres.restart();
    await sleep(300);
    return `/api/ready after the restart: ${await readyDown()}`;
  });
  await phase('stop Redis', async () => {
    await redis.stop();
    await sleep(2500);
    const seen = await readyDown();
    await sleep(4000);
    await redis.start();
    if (seen.split(', ').some((state) => !state.split('+').includes('redis')))
      problems.push(`stop Redis: /api/ready did not name Redis on every copy (${seen})`);
    return `/api/ready while stopped: ${seen}`;
  });
  await phase('slow database (rooms locked 10 s)', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('begin');
    await client.query('lock table salas in access exclusive mode');
    await sleep(10_000);
    await client.query('commit');
    await client.end();
  });
  await phase('upload disk full', async () => {
    const folder = path.join(dataDir, 'private');
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', folder], {
      encoding: 'utf8',
    });
    if (mounted.status !== 0)
      return `skipped: cannot mount a tmpfs here (${mounted.stderr.trim()})`;
    spawnSync('dd', ['if=/dev/zero', `of=${path.join(folder, 'fill')}`, 'bs=1M', 'count=8'], {
      stdio: 'ignore',
    });
    await sleep(4000);
    const seen = await readyDown();
    spawnSync('umount', ['-l', folder]);
    // Every copy shares the full folder: each must say so.
    if (seen.split(', ').some((state) => !state.split('+').includes('storage')))
      problems.push(
        `upload disk full: /api/ready did not name the storage on every copy (${seen})`,
      );
    return `/api/ready: ${seen}`;
  });
  await phase('SIGTERM one copy (drained)', async () => {
    const code = await c.drain(2);
    await c.start(2);
    return `exit code ${code}`;
  });
  await load.stop();
  // Only the drills end a copy: kill -9 (a signal) and the drain (exit code 0). A copy that ended
  // by itself crashed on a fault it should have survived.
  for (const copy of c.copies)
    for (const exit of copy.exits)
      if (exit.signal === null && exit.code !== 0)
        problems.push(`copy ${copy.index + 1} ended by itself (exit code ${exit.code})`);

  // What was answered 200 must be there.
  // One participation per join: a join sent again under its key answers the first one's seat.
  const joined = [
    ...new Set(load.answers.filter((a) => a.participationId).map((a) => a.participationId!)),
  ];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const found = await client.query<{ n: string }>(
    'select count(*) as n from participacoes where id = any($1::uuid[])',
    [joined],
  );
  const lost = joined.length - Number(found.rows[0]!.n);
  const drawnTwice = await client.query(
    'select sala_id from sorteios group by sala_id having count(*) > 1',
  );
  const draws = await client.query<{ n: string }>('select count(*) as n from sorteios');
  const paidTwice = await client.query(
    "select sorteio_id from payouts where kind = 'prize' and sorteio_id is not null group by sorteio_id having count(*) > 1",
  );
  await client.end();
  const audit = await runLedgerAudit(database.db);
  await database.close();

  console.log(
    '\n| Drill | Requests | 2xx | 503 + Retry-After | Failures | Resent | Replayed | Joins 200 | Recovered | Notes |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  const details: string[] = [];
  for (const w of windows) {
    const s = summarise(load.answers, w.from, w.to);
    console.log(
      `| ${w.name} | ${s.requests} | ${s.ok2xx} | ${s.unavailable} | ${s.failures} | ${s.resent} | ${s.replayed} | ${s.joins} | ${w.recovered ? 'yes' : 'NO'} | ${w.note} |`,
    );
    // Each 503 says who answered (a copy, or nginx when no copy could) and why. Nothing is down in
    // the baseline, so a 503 there is a failure too.
    if (w.name === BASELINE && s.unavailable > 0)
      problems.push(`${w.name}: ${s.unavailable} answers 503 while nothing was down`);
    for (const [why, n] of Object.entries(s.unavailableBy))
      details.push(`${w.name}: 503 ${why} (${n})`);
    if (s.failures > 0) {
      problems.push(`${w.name}: ${s.failures} failed requests`);
      for (const a of s.failed)
        details.push(
          `${w.name}: failed ${a.request} -> ${a.status || (a.error ?? 'no answer')} after ${a.ms} ms`,
        );
    }
  }
  if (details.length) console.log(`\n${details.map((d) => `- ${d}`).join('\n')}`);
  console.log(
    `\nJoins answered 200: ${joined.length}, missing from the database: ${lost}. Draws: ${draws.rows[0]!.n}, rooms drawn twice: ${drawnTwice.rowCount}, payouts paid twice: ${paidTwice.rowCount}. Ledger audit: ${audit.ok ? 'passed' : 'FAILED'}. Sockets opened: ${load.sockets.opened}.`,
  );
  if (lost > 0) problems.push(`${lost} joins answered 200 are missing`);
  if (drawnTwice.rowCount) problems.push('a room was drawn twice');
  if (paidTwice.rowCount) problems.push('a payout ran twice');
  if (!audit.ok)
    problems.push(
      `ledger audit: ${audit.checks
        .filter((ch) => !ch.ok)
        .map((ch) => ch.name)
        .join(', ')}`,
    );
} catch (error) {
  problems.push(String(error instanceof Error ? (error.stack ?? error.message) : error));
} finally {
  await cluster?.stop().catch(() => undefined);
  await redis.stop();
  postgres.remove();
  // DRILL_KEEP=1 keeps the copies' and nginx's logs of a run that passed.
  if (problems.length === 0 && !process.env.DRILL_KEEP)
    rmSync(work, { recursive: true, force: true });
}
if (problems.length > 0) {
  exitCode = 1;
  console.error(`\nDrill time: ${Math.round((Date.now() - began) / 1000)} s.`);
  console.error(`\nDRILL FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
} else console.log(`\nEvery drill passed (${Math.round((Date.now() - began) / 1000)} s).`);
process.exit(exitCode);
