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
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { type Db, createDatabase } from '../../apps/server/src/db/client';
import { account, profiles, salas, session, user } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password';
import { createRoom } from '../../apps/server/src/modules/rooms/rooms.service';
import { postTransaction } from '../../apps/server/src/modules/wallet/ledger.service';
import { runLedgerAudit } from '../../apps/server/src/modules/wallet/ledger-audit';
import type { BaselineJob } from './baseline';
import { benchDrawProtocol } from './draws';
import { type LoadResult, type TableRow, formatTable, runChild } from './harness';
import type { LoadJob, LoadRequest } from './load';
import { SERVER_NODE_FLAGS, serverEnv } from '../server-process.mjs';
import { freePort, machine, newest, tail } from './common';

const root = path.resolve(import.meta.dirname, '../..');
const here = import.meta.dirname;
/** BENCH_SERVER_MAIN: another build of the server (to compare two versions on one machine). */
const serverMain = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(root, 'apps/server/dist/main.js');
const PASSWORD = 'senha-de-bench-1';
/** 50 concurrent clients, each a player of its own, over 50 rooms. */
const CLIENTS = 50;
const ROOMS = 50;
/** Joins per client (each into another room): CLIENTS × this joins per run. */
const JOINS_PER_CLIENT = 50;
/**
 * Joins per client sent first, into rooms of their own, and not measured (BENCH_WARMUP): the
 * first requests after the server starts meet cold code, new database connections and statements
 * not yet prepared; the baseline's callers warm up the same way. Their figures are in the notes.
 */
const WARMUP_PER_CLIENT = Number(process.env.BENCH_WARMUP ?? 5);
const HOT_PLAYERS = 1000;
const HOT_SEATS = 100;
const READS = 5000;
const ENTRY = 100;

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    process.exit(130);
  });

/** As scripts/start.mjs: build the server when its bundle is missing or older than the sources. */
function ensureBuilt() {
  if (process.env.BENCH_SERVER_MAIN) return;
  const sources = Math.max(
    newest(path.join(root, 'apps/server/src')),
    newest(path.join(root, 'packages/shared/src')),
  );
  if (existsSync(serverMain) && statSync(serverMain).mtimeMs >= sources) return;
  console.info('building the server: npm run build -w @sorteio/server');
  const built = spawnSync('npm', ['run', 'build', '-w', '@sorteio/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0 || !existsSync(serverMain)) throw new Error('server build failed');
}

async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  logFile: string,
): Promise<ChildProcess> {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', out, out] });
  closeSync(out);
  live.add(child);
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
    live.delete(child);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`process exited (${exited}):\n${tail(logFile, 30)}`);
    if (Date.now() > deadline) throw new Error(`not ready after 120 s:\n${tail(logFile, 30)}`);
    try {
      const res = await fetch(readyUrl);
      await res.arrayBuffer();
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
  live.delete(child);
}

interface Player {
  id: string;
  email: string;
  cookie: string;
}

const SESSION_COOKIE = 'sorteio.session_token';

/** The auth library's signed cookie value: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
const signedToken = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

/**
 * Players with a verified identity and `balance` centavos of Saldo (one top-up per 100). With
 * `appSecret`, each also gets a session row and its signed cookie, as a sign-in would leave them
 * (the 1,000 players of the hot room: 1,000 password checks would take minutes); the method is
 * checked against a real sign-in's cookie before it is used (`checkMintedCookies`).
 */
async function seedPlayers(
  db: Db,
  tag: string,
  count: number,
  balance: number,
  hash: string,
  appSecret?: string,
) {
  const players: Player[] = [];
  for (let from = 0; from < count; from += 100) {
    const batch = Array.from({ length: Math.min(100, count - from) }, () => {
      const id = randomUUID();
      return { id, email: `${tag}-${id.slice(0, 8)}@bench.sorteiocerto.com.br`, cookie: '' };
    });
    await db
      .insert(user)
      .values(batch.map((p) => ({ id: p.id, email: p.email, name: 'Bench', emailVerified: true })));
    await db.insert(account).values(
      batch.map((p) => ({
        id: randomUUID(),
        accountId: p.id,
        providerId: 'credential',
        userId: p.id,
        password: hash,
      })),
    );
    await db.insert(profiles).values(
      batch.map((p) => ({
        id: p.id,
        nomeCompleto: 'Jogador Bench',
        isVerified: true,
        dataNascimento: '1990-01-01',
      })),
    );
    if (appSecret) {
      const now = new Date();
      const rows = batch.map((p) => ({
        id: randomUUID(),
        token: randomBytes(24).toString('base64url'),
        userId: p.id,
        expiresAt: new Date(now.getTime() + 86_400_000),
        ipAddress: '127.0.0.1',
        userAgent: 'bench',
        createdAt: now,
        updatedAt: now,
      }));
      await db.insert(session).values(rows);
      rows.forEach((r, i) => {
        batch[i]!.cookie = `${SESSION_COOKIE}=${signedToken(r.token, appSecret)}`;
      });
    }
    // A grant from the platform, as the demo seed's Saldo: no PIX came in, so the ledger audit's
    // "money in by PIX" check holds on a benchmark database too.
    await postTransaction(db, {
      kind: 'grant',
      idempotencyKey: `bench:${tag}:${from}`,
      description: 'Saldo do benchmark',
      entries: [
        { account: { kind: 'platform_grants' }, amount: -balance * batch.length },
        ...batch.map((p) => ({
          account: { kind: 'user_saldo' as const, userId: p.id },
          amount: balance,
        })),
      ],
    });
    players.push(...batch);
  }
  return players;
}

async function seedRooms(db: Db, count: number, seats: number) {
  const rooms: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const room = await createRoom({
      db,
      input: {
        tipoSala: 'prata',
        valorEntradaCentavos: ENTRY,
        maxParticipantes: seats,
        taxaBp: 1000,
      },
    });
    rooms.push(room.id);
  }
  return rooms;
}

async function signInAll(base: string, players: Player[], concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < players.length) {
        const p = players[next]!;
        next += 1;
        const res = await fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email: p.email, password: PASSWORD }),
        });
        if (res.status !== 200)
          throw new Error(`sign-in of ${p.email}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        p.cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      }
    }),
  );
}

/** Fails unless a cookie from a real sign-in is signed the way the minted ones are. */
function checkMintedCookies(signedIn: Player, appSecret: string) {
  const value = signedIn.cookie.match(
    new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`),
  )?.[1];
  const token = value ? decodeURIComponent(value).split('.')[0] : undefined;
  if (!value || !token || signedToken(token, appSecret) !== value)
    throw new Error(
      `the session cookie of a sign-in (${signedIn.cookie}) is not signed as the benchmark mints them: update signedToken`,
    );
}

/** Client c's j-th join goes to room (c + j) mod ROOMS: at any moment the clients are spread. */
function joinPairs(
  players: Player[],
  rooms: string[],
  perClient = JOINS_PER_CLIENT,
): [Player, string][] {
  const pairs: [Player, string][] = [];
  for (let j = 0; j < perClient; j += 1)
    for (let c = 0; c < CLIENTS; c += 1) pairs.push([players[c]!, rooms[(c + j) % rooms.length]!]);
  return pairs;
}

const joinRequest = (p: Player, roomId: string): LoadRequest => ({
  method: 'POST',
  path: `/api/rooms/${roomId}/join`,
  cookie: p.cookie,
  body: '{"metodo":"balance"}',
});

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
