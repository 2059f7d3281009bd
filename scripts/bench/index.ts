/**
 * `npm run bench`: the product measured as it runs in production, by processes that are not it.
 *
 * For each target — the embedded database (PGlite, always) and PostgreSQL (when
 * BENCH_DATABASE_URL is set: a fresh database is created there and dropped afterwards):
 *  1. a fresh database is migrated and seeded through the product's own code (players with a
 *     verified identity and a balance, rooms with their draw commitment);
 *  2. the built server (`apps/server/dist/main.js`, built first when missing or older than the
 *     sources) starts as its own process exactly as `npm start` starts it (NODE_ENV=production),
 *     with PORT, DATABASE_URL or DATA_DIR in its environment;
 *  3. every player signs in through the API (`POST /api/auth/sign-in/email`); the load generator
 *     (scripts/bench/load.ts, its own process) sends the requests with those session cookies;
 *  4. scenarios: joins paid from the balance by 50 clients over 50 rooms; the same joins written
 *     by hand with `pg` from its own process (scripts/bench/baseline.ts; on PGlite, with PGlite's
 *     client once the server has stopped, since the embedded database has one owner); the hot room
 *     (1,000 players at once for 100 seats); the public reads against a Fastify hello-world in its
 *     own process (scripts/bench/hello.ts);
 *  5. the server stops, the ledger invariants are checked, the table is printed and written to
 *     docs/performance.md (between the target's markers; the rest of the file is kept).
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL server to create the database on),
 * BENCH_DATABASE_PREFIX (name prefix of that database, "sorteio_bench"), BENCH_PORT (first of two
 * ports: server, hello-world; free ports otherwise), BENCH_POOL_MAX (the server's
 * DATABASE_POOL_MAX and the baseline's pool; the product's default otherwise), BENCH_ONLY
 * ("pglite" or "postgres"), BENCH_WRITE=false (do not touch docs/performance.md),
 * BENCH_SERVER_MAIN (the bundle of another build to measure instead, e.g. an older commit's),
 * BENCH_CPU_PROF (a folder where the server writes its CPU profile), BENCH_WARMUP (joins per client
 * sent first and not measured, 5).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { salas } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password';
import { runLedgerAudit } from '../../apps/server/src/modules/wallet/ledger-audit';
import type { BaselineJob } from './baseline';
import { benchDrawProtocol } from './draws';
import { type LoadResult, type TableRow, formatTable, runChild } from './harness';
import type { LoadJob } from './load';
import { SERVER_NODE_FLAGS, serverEnv } from '../server-process.mjs';
import { freePort, machine, tail } from './common';
import { ensureBuilt, here, root, serverMain, startProcess, stopProcess } from './bench-processes';
import {
  CLIENTS,
  HOT_PLAYERS,
  HOT_SEATS,
  PASSWORD,
  type Player,
  READS,
  ROOMS,
  WARMUP_PER_CLIENT,
  checkMintedCookies,
  joinPairs,
  joinRequest,
  seedPlayers,
  seedRooms,
  signInAll,
} from './bench-seed';

interface TargetResult {
  label: string;
  rows: TableRow[];
  notes: string[];
}

async function benchTarget(
  label: 'PGlite' | 'PostgreSQL',
  databaseUrl: string | undefined,
  work: string,
): Promise<TargetResult> {
  const dataDir = path.join(work, 'data');
  const staticDir = path.join(work, 'no-web-app');
  mkdirSync(staticDir);
  const appSecret = randomBytes(32).toString('base64url');
  const poolMax = Number(process.env.BENCH_POOL_MAX ?? 0) || undefined;
  const dbEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    APP_SECRET: appSecret,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(poolMax ? { DATABASE_POOL_MAX: String(poolMax) } : {}),
  };
  const config = loadConfig(dbEnv);
  const notes: string[] = [];

  // 1. seed through the product's code
  const t0 = performance.now();
  const database = await createDatabase(config.database);
  let players: Player[];
  let hotPlayers: Player[];
  let apiRooms: string[];
  let baselineRooms: string[];
  let apiWarmRooms: string[];
  let baselineWarmRooms: string[];
  let hotRoom: string;
  try {
    await database.migrate();
    const hash = await hashPassword(PASSWORD);
    players = await seedPlayers(database.db, 'join', CLIENTS, 1_000_000, hash);
    hotPlayers = await seedPlayers(database.db, 'hot', HOT_PLAYERS, 10_000, hash, appSecret);
    apiRooms = await seedRooms(database.db, ROOMS, 1000);
    baselineRooms = await seedRooms(database.db, ROOMS, 1000);
    apiWarmRooms = await seedRooms(database.db, ROOMS, 1000);
    baselineWarmRooms = await seedRooms(database.db, ROOMS, 1000);
    [hotRoom] = (await seedRooms(database.db, 1, HOT_SEATS)) as [string];
  } finally {
    await database.close();
  }
  console.info(`[${label}] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // 2. the server, as npm start runs it
  const basePort = Number(process.env.BENCH_PORT ?? 0);
  const port = basePort || (await freePort());
  const helloPort = basePort ? basePort + 1 : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const inherited: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['DATABASE_URL', 'DATA_DIR', 'DATABASE_POOL_MAX'].includes(k))
      inherited[k] = v;
  // As `npm start` starts it (scripts/server-process.mjs: the allocator's thresholds included).
  const env: NodeJS.ProcessEnv = serverEnv(inherited);
  Object.assign(env, dbEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: base,
    SEED_DEMO: 'false',
    OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
    STATIC_DIR: staticDir,
    // Every player is on 127.0.0.1 and joins 50 rooms in a minute: the per-minute limits would
    // turn this into a rate-limit test (docs/limits.md); their cost stays in the measurement.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_SIGN_IN_MAX: '1000000',
    RATE_LIMIT_JOIN_MAX: '1000000',
    RATE_LIMIT_ADDRESS_MAX: '1000000',
  });
  const serverLog = path.join(work, 'server.log');
  const server = await startProcess(
    [
      ...SERVER_NODE_FLAGS,
      // BENCH_CPU_PROF=<folder>: the server writes a CPU profile there when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
        : []),
      serverMain,
    ],
    env,
    `${base}/api/ready`,
    serverLog,
  );
  const rows: TableRow[] = [];
  let baseline: LoadResult | undefined;
  const load = (job: Omit<LoadJob, 'base' | 'origin'>) =>
    runChild<LoadResult>(path.join(here, 'load.ts'), { ...job, base, origin: base }, work);
  const baselineJob = (pairs: [Player, string][]): BaselineJob => ({
    name: `${label}: same join with plain pg (${CLIENTS} callers)`,
    ...(config.database.kind === 'postgres'
      ? { databaseUrl: config.database.url }
      : { pgliteDir: config.database.dataDir ?? dataDir }),
    poolMax: config.database.kind === 'postgres' ? config.database.poolMax : 1,
    connections: CLIENTS,
    pairs: pairs.map(([p, r]) => [p.id, r]),
    warmupPairs: joinPairs(players, baselineWarmRooms, WARMUP_PER_CLIENT).map(([p, r]) => [
      p.id,
      r,
    ]),
    cashbackBp: config.cashbackBp,
  });
  try {
    // 3. real sessions
    const s0 = performance.now();
    await signInAll(base, players, 4);
    const signInSeconds = (performance.now() - s0) / 1000;
    checkMintedCookies(players[0]!, appSecret);
    notes.push(
      `${label}: the ${players.length} join players signed in through the API (4 at a time) in ${signInSeconds.toFixed(1)} s; the ${hotPlayers.length} hot-room players have session rows and cookies made at seeding time, signed as a sign-in signs them (checked against a real sign-in's cookie)`,
    );

    // 4a. joins through the API
    const apiJoins = await load({
      name: `${label}: join via API (${CLIENTS} clients, ${ROOMS} rooms)`,
      connections: CLIENTS,
      requests: joinPairs(players, apiRooms).map(([p, r]) => joinRequest(p, r)),
      ownRequests: true,
      warmup: joinPairs(players, apiWarmRooms, WARMUP_PER_CLIENT).map(([p, r]) =>
        joinRequest(p, r),
      ),
      okStatus: [200],
    });
    // 4b. the baseline, while the server idles (PostgreSQL); on PGlite after it stops.
    if (databaseUrl)
      baseline = await runChild<LoadResult>(
        path.join(here, 'baseline.ts'),
        baselineJob(joinPairs(players, baselineRooms)),
        work,
      );
    // 4c. the hot room
    const hot = await load({
      name: `${label}: hot room (${HOT_PLAYERS} players at once, ${HOT_SEATS} seats)`,
      connections: HOT_PLAYERS,
      requests: hotPlayers.map((p) => joinRequest(p, hotRoom)),
      okStatus: [200, 409],
    });
    // 4d. public reads, and the hello-world reference
    const reads = [];
    for (const [url, cookie] of [
      ['/api/draws', undefined],
      ['/api/public/stats', undefined],
      ['/api/rooms', players[0]!.cookie],
    ] as const) {
      reads.push(
        await load({
          name: `${label}: GET ${url} (${CLIENTS} clients)`,
          connections: CLIENTS,
          requests: [{ method: 'GET', path: url, ...(cookie ? { cookie } : {}) }],
          total: READS,
          okStatus: [200],
        }),
      );
    }
    const hello = await startProcess(
      ['--import', 'tsx', path.join(here, 'hello.ts'), String(helloPort)],
      process.env,
      `http://127.0.0.1:${helloPort}/hello`,
      path.join(work, 'hello.log'),
    );
    let helloResult: LoadResult;
    try {
      helloResult = await runChild<LoadResult>(
        path.join(here, 'load.ts'),
        {
          name: `${label}: Fastify hello-world, own process (${CLIENTS} clients)`,
          base: `http://127.0.0.1:${helloPort}`,
          connections: CLIENTS,
          requests: [{ method: 'GET', path: '/hello' }],
          total: READS,
          okStatus: [200],
        } satisfies LoadJob,
        work,
      );
    } finally {
      await stopProcess(hello);
    }
    await stopProcess(server);
    if (!baseline)
      baseline = await runChild<LoadResult>(
        path.join(here, 'baseline.ts'),
        baselineJob(joinPairs(players, baselineRooms)),
        work,
      );

    rows.push({
      result: apiJoins,
      ratio: { to: 'plain pg', value: apiJoins.perSecond / baseline.perSecond },
    });
    rows.push({ result: baseline });
    const warm = (r: LoadResult) =>
      r.warmup
        ? `${r.warmup.ok} ok, ${r.warmup.errors} errors, p50 ${r.warmup.p50.toFixed(1)} ms, p99 ${r.warmup.p99.toFixed(1)} ms, slowest ${r.warmup.max.toFixed(1)} ms`
        : 'none';
    notes.push(
      `${label}: before the measured joins, a warm-up of ${WARMUP_PER_CLIENT} joins per client into rooms of their own (the first wave after the server starts; not in the table): through the API ${warm(apiJoins)}; plain pg ${warm(baseline)}`,
    );
    rows.push({ result: hot });
    for (const r of reads)
      rows.push({
        result: r,
        ratio: { to: 'hello-world', value: r.perSecond / helloResult.perSecond },
      });
    rows.push({ result: helloResult });

    // 5. what the database holds afterwards
    const after = await createDatabase(config.database);
    try {
      const [room] = await after.db
        .select({ seats: salas.participantesAtual, status: salas.status })
        .from(salas)
        .where(eq(salas.id, hotRoom));
      notes.push(
        `${label}: hot room: ${hot.statuses['200'] ?? 0} seated (200), ${hot.statuses['409'] ?? 0} refused (409), ${hot.errors} other; room holds ${room?.seats} of ${HOT_SEATS}, status ${room?.status}; first seat answered after ${((hot.firstAt?.['200'] ?? Number.NaN) * 1000).toFixed(0)} ms, last seat after ${((hot.lastAt?.['200'] ?? Number.NaN) * 1000).toFixed(0)} ms, all ${HOT_PLAYERS} answered after ${(hot.seconds * 1000).toFixed(0)} ms`,
      );
      // The operator's full audit (npm run ledger:audit: balanced transactions, cached balances, no
      // negative balance, money in by PIX...) on what the run left: a violation fails it.
      const audit = await runLedgerAudit(after.db);
      const failed = audit.checks.filter((c) => !c.ok);
      if (failed.length)
        throw new Error(
          `ledger audit after the run: ${failed.map((c) => `${c.name}: ${c.detail}`).join('; ')}`,
        );
      notes.push(
        `${label}: ledger audit after the run: all ${audit.checks.length} checks passed (${audit.checks.map((c) => c.name).join('; ')})`,
      );
    } finally {
      await after.close();
    }
    for (const r of rows)
      if (r.result.firstError) notes.push(`${r.result.name}: first error: ${r.result.firstError}`);
    return { label, rows, notes };
  } catch (error) {
    console.error(`server log (${serverLog}):\n${tail(serverLog, 30)}`);
    process.env.BENCH_KEEP = 'true';
    throw error;
  } finally {
    await stopProcess(server);
  }
}

async function postgresVersion(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? '?';
  } finally {
    await client.end();
  }
}

function writeDoc(result: TargetResult, header: string) {
  const file = path.join(root, 'docs/performance.md');
  const start = `<!-- bench:${result.label}:start -->`;
  const end = `<!-- bench:${result.label}:end -->`;
  const block = [
    start,
    header,
    '',
    formatTable(result.rows),
    '',
    ...result.notes.map((n) => `- ${n}`),
    end,
  ].join('\n');
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  if (text.includes(start) && text.includes(end))
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
  // The repository's formatting (npm run format:check), so a run leaves nothing to reformat.
  spawnSync('npx', ['prettier', '--write', file], { cwd: root, stdio: 'ignore' });
}

ensureBuilt();
const only = process.env.BENCH_ONLY;
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;
const drawNote = await benchDrawProtocol(100_000);
const results: TargetResult[] = [];
const headers = new Map<string, string>();
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
if (only !== 'postgres') {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-bench-'));
  try {
    const r = await benchTarget('PGlite', undefined, work);
    results.push(r);
    headers.set(r.label, `Embedded database (PGlite), ${date} UTC; ${machine()}.`);
  } finally {
    if (process.env.BENCH_KEEP !== 'true') rmSync(work, { recursive: true, force: true });
  }
}
if (pgUrl && only !== 'pglite') {
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'sorteio_bench'}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-bench-'));
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const r = await benchTarget('PostgreSQL', url.toString(), work);
    results.push(r);
    headers.set(
      r.label,
      `PostgreSQL ${await postgresVersion(pgUrl)} on the same machine, ${date} UTC; ${machine()}.`,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (process.env.BENCH_KEEP !== 'true') rmSync(work, { recursive: true, force: true });
  }
}
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
for (const r of results) {
  console.info(`\n${headers.get(r.label)}\n`);
  console.info(formatTable(r.rows));
  for (const n of r.notes) console.info(`- ${n}`);
  if (process.env.BENCH_WRITE !== 'false') writeDoc(r, headers.get(r.label)!);
}
console.info(`\n${drawNote}`);
