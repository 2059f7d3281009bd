/**
 * `npm run drill:failover`: the loss of the primary, rehearsed under the product's own load
 * (docs/operations.md, "Fail over").
 *
 * A primary and a hot standby of our own (scripts/db/pg-local.sh), pgbouncer in front of the
 * primary (deploy/pgbouncer/pgbouncer.ini.template), and N copies of the built server behind nginx
 * (scripts/cluster/cluster.ts) on pgbouncer (DATABASE_URL), reading from the standby
 * (DATABASE_READ_URL). Then:
 *
 * 1. replication lag under the mixed load (scripts/cluster/mixed-load.ts: browsing, sign-ins,
 *    joins from the balance and by PIX confirmed by webhook, chat, draws): the standby's lag
 *    sampled every 200 ms (scripts/db/replication-lag.ts) while the load runs;
 * 2. the failover under a light mixed load through the copies: the primary stopped at once
 *    (immediate shutdown: a lost machine), the standby promoted (pg_ctl promote), pgbouncer
 *    pointed at it and reloaded. Every answer the copies gave is counted (2xx, 503 with
 *    Retry-After, other 5xx, no answer), and the time from the primary's stop to the first
 *    healthy answer: /api/health (a round trip to the primary, probed every 50 ms) and the first
 *    join answered 200;
 * 3. afterwards, on the promoted database: every join answered 200 is there, the ledger audit
 *    passes, no room was drawn twice.
 *
 * Exits 1 when a check fails. Environment: PG_PRIMARY_PORT (5460), PG_STANDBY_PORT (5461),
 * DRILL_PGBOUNCER_PORT (4451), DRILL_SERVER_PORT (nginx, 4452; the copies on the next ports),
 * DRILL_COPIES (2), DRILL_USERS (mixed load's virtual users, 30), DRILL_LIGHT_USERS (during the
 * failover, 4), DRILL_LOAD_SECONDS (20).
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
import { type Cluster, buildOnce, startCluster } from '../cluster/cluster';
import { type Answer, signInPlayers, startMixedLoad, summarise } from '../cluster/mixed-load';
import { seedChatRooms, seedPlayers, seedRooms } from '../cluster/seed';
import { optionsFromEnv, seedScale } from '../seed-scale';
import { ms, sampleLag } from './replication-lag';
import { output, pgLocal, pgTool, repoRoot, seconds } from './tools';

const primaryPort = process.env.PG_PRIMARY_PORT ?? '5460';
const standbyPort = process.env.PG_STANDBY_PORT ?? '5461';
const bouncerPort = process.env.DRILL_PGBOUNCER_PORT ?? '4451';
const serverPort = Number(process.env.DRILL_SERVER_PORT ?? 4452);
const copies = Number(process.env.DRILL_COPIES ?? 2);
const users = Number(process.env.DRILL_USERS ?? 30);
const lightUsers = Number(process.env.DRILL_LIGHT_USERS ?? 4);
const loadMs = Number(process.env.DRILL_LOAD_SECONDS ?? 20) * 1000;
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
let cluster: Cluster | null = null;
const log = (line: string) =>
  console.info(`[failover ${new Date().toISOString().slice(11, 19)}] ${line}`);
// The copies' environment: one address (this machine) sends the whole load.
const copyEnv = {
  DATABASE_URL: url(bouncerPort),
  DATABASE_READ_URL: url(standbyPort),
  DATABASE_POOL_MAX: '20',
  DATA_DIR: path.join(work, 'data'),
  APP_SECRET: 'failover-drill-secret-failover-drill-secret-01',
  SEED_DEMO: 'false',
  OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
  STAFF_2FA_REQUIRED: 'true',
  LOG_LEVEL: 'warn',
  PUBLIC_CACHE_MS: '0',
  RATE_LIMIT_ADDRESS_MAX: '100000000',
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_SIGN_IN_MAX: '100000000',
  RATE_LIMIT_JOIN_MAX: '100000000',
  WS_MAX_PER_ADDRESS: '100000',
  WS_ATTEMPTS_PER_ADDRESS: '100000000',
};
const config = loadConfig({ ...env, ...copyEnv, NODE_ENV: 'production' });

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

/** 2xx, 4xx, 503 with Retry-After, other 5xx, no answer. */
function tally(answers: Pick<Answer, 'status' | 'retryAfter'>[]) {
  const count = (f: (a: Pick<Answer, 'status' | 'retryAfter'>) => boolean) =>
    answers.filter(f).length;
  return {
    total: answers.length,
    ok: count((a) => a.status >= 200 && a.status < 300),
    client: count((a) => a.status >= 400 && a.status < 500),
    unavailable: count((a) => a.status === 503 && a.retryAfter),
    otherServer: count((a) => a.status >= 500 && !(a.status === 503 && a.retryAfter)),
    noAnswer: count((a) => a.status === 0),
  };
}
const describe = (t: ReturnType<typeof tally>) =>
  `${t.total} answers: ${t.ok} 2xx, ${t.client} 4xx, ${t.unavailable} 503 with Retry-After, ` +
  `${t.otherServer} other 5xx, ${t.noAnswer} connection errors`;

async function main() {
  log('Primary, seeded');
  output(pgLocal, ['primary'], env);
  psql(primaryPort, 'postgres', 'create database sorteio');
  const primaryDb = await createDatabase(
    loadConfig({ ...env, DATABASE_URL: url(primaryPort) }).database,
  );
  await primaryDb.migrate();
  await seedScale({
    db: primaryDb.db,
    config,
    options: {
      ...optionsFromEnv(env, config, { users: '200', participations: '1000' }),
      log: () => undefined,
    },
  });
  const seeded = await seedPlayers(primaryDb.db, 'failover', 150, 1_000_000);
  const rooms = await seedRooms(primaryDb.db, 300, 10);
  const chatRooms = await seedChatRooms(primaryDb.db, config, seeded);
  await primaryDb.close();
  log('Standby (pg_basebackup) and pgbouncer');
  output(pgLocal, ['standby'], env);
  const runDir = writeBouncerConfig(primaryPort);
  const [cmd, args] = asPostgres(['/usr/sbin/pgbouncer', path.join(runDir, 'pgbouncer.ini')]);
  // Its log goes to its log file in the run folder.
  const bouncer = spawn(cmd, [...args], { stdio: 'ignore' });
  children.push(bouncer);
  await waitFor(async () => psql(bouncerPort, 'sorteio', 'select 1').trim() === '1', 'pgbouncer');

  buildOnce(log);
  cluster = await startCluster({
    copies,
    port: serverPort,
    env: copyEnv,
    runDir: path.join(work, 'run'),
    output: 'files',
    accessLog: false,
    log,
  });
  const base = cluster.url;
  log(`${copies} copies behind nginx at ${base}, on pgbouncer, reads on the standby`);
  const players = await signInPlayers(base, seeded);
  const loadOptions = {
    base,
    players,
    rooms,
    joinsPerRoom: 10,
    pixWebhookSecret: config.pix.webhookSecret,
    chatRooms,
  };

  log(`1. Replication lag under the mixed load (${users} users, ${loadMs / 1000} s)`);
  // Each load fills its own rooms: the light one must not meet the rooms the first one filled.
  const heavy = startMixedLoad({ ...loadOptions, rooms: rooms.slice(0, 200), users, sockets: 50 });
  await sleep(2000);
  const lag = await sampleLag(url(primaryPort, 'postgres'), url(standbyPort, 'postgres'));
  const from = Date.now();
  await sleep(loadMs);
  const to = Date.now();
  const lagFigures = await lag.stop();
  await heavy.stop();
  const s = summarise(heavy.answers, from, to);
  log(
    `  mixed load: ${s.perSecond} answers/s, p50 ${s.p50} ms, p99 ${s.p99} ms; ${s.joins} seats, ` +
      `${heavy.pixConfirmed()} PIX confirmed by webhook, ${s.byKind['chat 200'] ?? 0} chat messages, ${s.failures} failed`,
  );
  log(
    `  standby lag over ${lagFigures.samples} samples: median ${ms(lagFigures.standby.median)}, ` +
      `p95 ${ms(lagFigures.standby.p95)}, max ${ms(lagFigures.standby.max)}; ` +
      `pg_stat_replication replay_lag median ${ms(lagFigures.replayLag.median)}, p95 ${ms(lagFigures.replayLag.p95)}, ` +
      `max ${ms(lagFigures.replayLag.max)}; bytes not replayed median ${lagFigures.bytes.median}, max ${lagFigures.bytes.max}`,
  );

  log(`2. Failover under a light mixed load (${lightUsers} users)`);
  const light = startMixedLoad({
    ...loadOptions,
    rooms: rooms.slice(200),
    users: lightUsers,
    sockets: 20,
  });
  const health: { at: number; status: number; retryAfter: boolean }[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const at = Date.now();
      const answer = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return { status: r.status, retryAfter: r.headers.has('retry-after') };
        },
        () => ({ status: 0, retryAfter: false }),
      );
      health.push({ at, ...answer });
      await sleep(50);
    }
  })();
  await sleep(3000);
  const t0 = Date.now();
  output(pgLocal, ['kill-primary'], env);
  const tKilled = Date.now();
  output(pgLocal, ['promote'], env);
  const tPromoted = Date.now();
  writeBouncerConfig(standbyPort);
  psql(bouncerPort, 'pgbouncer', 'RELOAD');
  const tSwitched = Date.now();
  const firstJoin = () =>
    light.answers.find((a) => a.at >= tSwitched && a.kind === 'join' && a.status === 200);
  await waitFor(
    async () => health.some((a) => a.at >= tSwitched && a.status === 200) && !!firstJoin(),
    'a healthy answer and a join after the switch',
    90_000,
  );
  const firstHealthy = health.find((a) => a.at >= tSwitched && a.status === 200)!;
  const recovered = Math.max(firstHealthy.at, firstJoin()!.at);
  await sleep(3000);
  probing = false;
  await probe;
  await light.stop();
  // Every request in flight at some moment between the primary's stop and the recovery.
  const during = light.answers.filter((a) => a.at <= recovered && a.at + a.ms >= t0);
  const after = light.answers.filter((a) => a.at > recovered);
  log(
    `  primary stopped in ${seconds(tKilled - t0)}, standby promoted in ${seconds(tPromoted - tKilled)}, ` +
      `pgbouncer switched in ${seconds(tSwitched - tPromoted)}`,
  );
  log(
    `  primary stopped -> first /api/health 200: ${seconds(firstHealthy.at - t0)}; ` +
      `-> first join 200: ${seconds(firstJoin()!.at - t0)}`,
  );
  const notOk = during
    .filter((a) => a.status < 200 || a.status >= 300)
    .reduce<Record<string, number>>((acc, a) => {
      const key = `${a.kind} ${a.status || 'no answer'}`;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});
  log(
    `  the copies' answers to the requests in flight meanwhile (mixed load): ${describe(tally(during))}, ` +
      `slowest ${seconds(Math.max(0, ...during.map((a) => a.ms)))}` +
      (Object.keys(notOk).length ? ` (${JSON.stringify(notOk)})` : ''),
  );
  log(
    `  /api/health probes sent meanwhile: ${describe(tally(health.filter((a) => a.at >= t0 && a.at <= recovered)))}`,
  );
  log(`  in the 3 s after: ${describe(tally(after))}`);

  log('3. On the promoted database');
  await cluster.stop();
  cluster = null;
  const database = await createDatabase(
    loadConfig({ ...env, DATABASE_URL: url(standbyPort) }).database,
  );
  try {
    const audit = await runLedgerAudit(database.db);
    const [role] = await queryRows<{ r: boolean }>(
      database.db,
      sql`select pg_is_in_recovery() as r`,
    );
    const joined = [...heavy.answers, ...light.answers]
      .filter((a) => a.participationId)
      .map((a) => a.participationId!);
    const client = new pg.Client({ connectionString: url(standbyPort) });
    await client.connect();
    const found = await client
      .query<{ n: number }>(
        'select count(*)::int as n from participacoes where id = any($1::uuid[])',
        [joined],
      )
      .then((r) => r.rows[0])
      .finally(() => client.end());
    const twice = await queryRows(
      database.db,
      sql`select sala_id from sorteios group by sala_id having count(*) > 1`,
    );
    const lost = joined.length - (found?.n ?? 0);
    log(
      `  promoted: ${role?.r === false ? 'yes' : 'NO'}; joins answered 200: ${joined.length}, ` +
        `missing ${lost}; rooms drawn twice: ${twice.length}; ledger audit ${audit.ok ? 'clean' : 'FAILED'}`,
    );
    if (!audit.ok || role?.r !== false || lost > 0 || twice.length > 0) process.exitCode = 1;
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
  await (cluster as Cluster | null)?.stop().catch(() => undefined);
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
