/**
 * `npm run drill:failover`: the loss of the primary, rehearsed (docs/operations.md, "Fail over").
 *
 * A primary and a hot standby of our own (scripts/db/pg-local.sh), pgbouncer in front of the
 * primary (deploy/pgbouncer/pgbouncer.ini.template), and the server started on pgbouncer
 * (DATABASE_URL) with the standby as DATABASE_READ_URL. Then:
 *
 * 1. replication lag under write load: pgbench writes on the primary while the standby's lag is
 *    sampled (the query behind sorteio_replication_lag_seconds);
 * 2. the failover: the primary stopped at once (immediate shutdown: a lost machine), the standby
 *    promoted (pg_ctl promote), pgbouncer pointed at it and reloaded; meanwhile a client asks the
 *    server /api/health (a round trip to the primary) and /api/draws (a read) every 50 ms and
 *    every answer is recorded;
 * 3. the ledger audit on the promoted database.
 *
 * Prints the failover time (primary stopped -> first healthy answer), what the server answered
 * during it, and the lag figures. Ports: PG_PRIMARY_PORT (5460), PG_STANDBY_PORT (5461),
 * DRILL_PGBOUNCER_PORT (4451), DRILL_SERVER_PORT (4452).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { queryRows } from '../../apps/server/src/db/query-rows';
import { runLedgerAudit } from '../../apps/server/src/modules/wallet/ledger-audit';
import { optionsFromEnv, seedScale } from '../seed-scale';
import { output, pgLocal, pgTool, repoRoot, seconds } from './tools';

const primaryPort = process.env.PG_PRIMARY_PORT ?? '5460';
const standbyPort = process.env.PG_STANDBY_PORT ?? '5461';
const bouncerPort = process.env.DRILL_PGBOUNCER_PORT ?? '4451';
const serverPort = process.env.DRILL_SERVER_PORT ?? '4452';
const work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-drill-'));
chmodSync(work, 0o755);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PG_LOCAL_DIR: path.join(work, 'pg'),
  PG_PRIMARY_PORT: primaryPort,
  PG_STANDBY_PORT: standbyPort,
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.DATABASE_READ_URL;
const url = (port: string, db = 'sorteio') => `postgres://postgres@127.0.0.1:${port}/${db}`;
const asPostgres = (args: string[]) =>
  process.getuid?.() === 0
    ? (['runuser', ['-u', 'postgres', '--', ...args]] as const)
    : ([args[0]!, args.slice(1)] as const);
const children: ChildProcess[] = [];

function psql(port: string, db: string, command: string) {
  return output(pgTool('psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    port,
    '-U',
    'postgres',
    '-d',
    db,
    '-Atqc',
    command,
  ]);
}

function writeBouncerConfig(targetPort: string) {
  const runDir = path.join(work, 'pgbouncer');
  const ini = readFileSync(path.join(repoRoot, 'deploy/pgbouncer/pgbouncer.ini.template'), 'utf8')
    .replaceAll('@PRIMARY_HOST@', '127.0.0.1')
    .replaceAll('@PRIMARY_PORT@', targetPort)
    .replaceAll('@DATABASE@', 'sorteio')
    .replaceAll('@LISTEN_PORT@', bouncerPort)
    .replaceAll('@RUN_DIR@', runDir)
    .replaceAll('@AUTH_TYPE@', 'trust');
  spawnSync('mkdir', ['-p', runDir]);
  writeFileSync(path.join(runDir, 'pgbouncer.ini'), ini);
  writeFileSync(path.join(runDir, 'userlist.txt'), '"postgres" ""\n');
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:', runDir]);
  return runDir;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen`);
    await sleep(100);
  }
}

async function main() {
  console.info('Primary and standby');
  output(pgLocal, ['primary'], env);
  psql(primaryPort, 'postgres', 'create database sorteio');
  psql(primaryPort, 'postgres', 'create database bench');
  {
    const config = loadConfig({ ...env, DATABASE_URL: url(primaryPort) });
    const database = await createDatabase(config.database);
    await database.migrate();
    await seedScale({
      db: database.db,
      config,
      options: {
        ...optionsFromEnv(env, config, { users: '200', participations: '1000' }),
        log: () => undefined,
      },
    });
    await database.close();
  }
  output(pgLocal, ['standby'], env);
  const runDir = writeBouncerConfig(primaryPort);
  const [cmd, args] = asPostgres(['/usr/sbin/pgbouncer', path.join(runDir, 'pgbouncer.ini')]);
  const bouncer = spawn(cmd, [...args], { stdio: 'inherit' });
  children.push(bouncer);
  await waitFor(async () => psql(bouncerPort, 'sorteio', 'select 1').trim() === '1', 'pgbouncer');

  console.info('Server on pgbouncer, reads on the standby');
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      env: {
        ...env,
        DATA_DIR: path.join(work, 'data'),
        DATABASE_URL: url(bouncerPort),
        DATABASE_READ_URL: url(standbyPort),
        PORT: serverPort,
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        SEED_DEMO: 'false',
        PUBLIC_CACHE_MS: '0',
        RATE_LIMIT_ADDRESS_MAX: '1000000',
      },
      stdio: 'inherit',
    },
  );
  children.push(server);
  const base = `http://127.0.0.1:${serverPort}`;
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 'the server start');

  console.info('1. Replication lag under write load (pgbench on the primary)');
  output(pgTool('pgbench'), [
    '-i',
    '-s',
    '10',
    '-q',
    '-h',
    '127.0.0.1',
    '-p',
    primaryPort,
    '-U',
    'postgres',
    'bench',
  ]);
  const standby = new pg.Client({ connectionString: url(standbyPort) });
  await standby.connect();
  const lags: number[] = [];
  const bench = spawn(
    pgTool('pgbench'),
    [
      '-c',
      '8',
      '-j',
      '2',
      '-T',
      '20',
      '-h',
      '127.0.0.1',
      '-p',
      primaryPort,
      '-U',
      'postgres',
      'bench',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let benchOut = '';
  bench.stdout.on('data', (chunk: Buffer) => (benchOut += chunk.toString()));
  const benchDone = new Promise<void>((resolve) => bench.once('exit', () => resolve()));
  let benchRunning = true;
  void benchDone.then(() => (benchRunning = false));
  while (benchRunning) {
    const { rows } = await standby.query<{ lag: number; bytes: string }>(
      `select case when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
         else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end::float8 as lag`,
    );
    lags.push(rows[0]!.lag);
    await sleep(200);
  }
  const bytesBehind = psql(
    primaryPort,
    'postgres',
    'select coalesce(max(pg_wal_lsn_diff(sent_lsn, replay_lsn)), 0) from pg_stat_replication',
  ).trim();
  await standby.end();
  const tps = /tps = ([\d.]+)/.exec(benchOut)?.[1] ?? '?';
  lags.sort((a, b) => a - b);
  const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? 0;
  console.info(
    `  pgbench ${tps} transactions/s for 20 s; standby lag over ${lags.length} samples: median ${(at(0.5) * 1000).toFixed(0)} ms, p95 ${(at(0.95) * 1000).toFixed(0)} ms, max ${(lags.at(-1)! * 1000).toFixed(0)} ms; ${bytesBehind} bytes behind at the end`,
  );
  const metrics = await (await fetch(`${base}/metrics`)).text();
  console.info(
    `  /metrics: ${/^sorteio_replication_lag_seconds .*$/m.exec(metrics)?.[0] ?? 'no lag line'}`,
  );

  console.info('2. Failover');
  const answers: { at: number; health: number; draws: number }[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      const status = (p: string) =>
        fetch(`${base}${p}`, { signal: AbortSignal.timeout(5000) }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 0,
        );
      const [health, draws] = await Promise.all([status('/api/health'), status('/api/draws')]);
      answers.push({ at: t, health, draws });
      await sleep(50);
    }
  })();
  await sleep(1000);
  const t0 = performance.now();
  output(pgLocal, ['kill-primary'], env);
  const tKilled = performance.now();
  output(pgLocal, ['promote'], env);
  const tPromoted = performance.now();
  writeBouncerConfig(standbyPort);
  psql(bouncerPort, 'pgbouncer', 'RELOAD');
  const tSwitched = performance.now();
  await waitFor(
    async () => answers.some((a) => a.at > tSwitched && a.health === 200),
    'a healthy answer after the switch',
    60_000,
  );
  await sleep(2000);
  probing = false;
  await probe;
  const firstHealthy = answers.find((a) => a.at > tSwitched && a.health === 200)!;
  const during = answers.filter((a) => a.at >= t0 && a.at <= firstHealthy.at);
  const tally = (key: 'health' | 'draws') =>
    Object.entries(
      during.reduce<Record<string, number>>((acc, a) => {
        const k = a[key] === 0 ? 'no answer' : String(a[key]);
        acc[k] = (acc[k] ?? 0) + 1;
        return acc;
      }, {}),
    )
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
  console.info(
    `  primary stopped in ${seconds(tKilled - t0)}, standby promoted in ${seconds(tPromoted - tKilled)}, pgbouncer switched in ${seconds(tSwitched - tPromoted)}`,
  );
  console.info(
    `  failover time (primary stopped -> first healthy answer): ${seconds(firstHealthy.at - t0)}`,
  );
  console.info(
    `  answers meanwhile (${during.length} probes): /api/health ${tally('health')}; /api/draws ${tally('draws')}`,
  );

  console.info('3. Ledger audit on the promoted database');
  const config = loadConfig({ ...env, DATABASE_URL: url(standbyPort) });
  const database = await createDatabase(config.database);
  try {
    const audit = await runLedgerAudit(database.db);
    const [role] = await queryRows<{ r: boolean }>(
      database.db,
      sql`select pg_is_in_recovery() as r`,
    );
    console.info(
      `  promoted: ${role?.r === false ? 'yes' : 'NO'}; ledger audit ${audit.ok ? 'clean' : 'FAILED'}`,
    );
    if (!audit.ok || role?.r !== false) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const child of children.reverse()) {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(null);
      else child.once('exit', resolve);
    });
  }
  spawnSync(pgLocal, ['destroy'], { env, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
}
