/**
 * `npm run bench:reads`: read timings of the administrator's dashboard and analytics and of the
 * player's dashboard, history and stats, on a small (demo-size) database and at scale (by default
 * 10,000 users, 100,000 participations, a player with 1,000 entries: scripts/seed-scale.ts).
 *
 * For each size: a fresh database (PostgreSQL when BENCH_DATABASE_URL is set: a temporary database
 * is created there and dropped afterwards; otherwise a temporary PGlite folder), migrated and
 * seeded, then the built server started as its own process as in production (NODE_ENV=production,
 * `node apps/server/dist/main.js`, built first when missing), signed in over HTTP as the
 * administrator and as the designated player, and timed from this process with sequential
 * requests after a warm-up. The server is stopped whatever happens.
 *
 * Sizes: SCALE_USERS, SCALE_PARTICIPATIONS, SCALE_PLAYER_ENTRIES (scale run);
 * BENCH_READS_REQUESTS (100) and BENCH_READS_WARMUP (10) requests per route.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { type ScaleOptions, optionsFromEnv, seedScale } from '../seed-scale';
import { freePort, signInOverHttp, stopChild, tail, waitReady } from './common';

const root = path.resolve(import.meta.dirname, '../..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const REQUESTS = Number(process.env.BENCH_READS_REQUESTS ?? 100);
const WARMUP = Number(process.env.BENCH_READS_WARMUP ?? 10);
const ADMIN_PASSWORD = 'bench-reads-admin-1';
const PLAYER_PASSWORD = 'bench-reads-player-1';

const ROUTES: { who: 'admin' | 'player'; url: string }[] = [
  { who: 'admin', url: '/api/admin/dashboard' },
  ...['revenue', 'signups', 'room-types', 'funnel'].map((chart) => ({
    who: 'admin' as const,
    url: `/api/admin/analytics/${chart}?days=30`,
  })),
  { who: 'player', url: '/api/dashboard' },
  { who: 'player', url: '/api/history' },
  { who: 'player', url: '/api/stats' },
];

interface Timing {
  url: string;
  median: number;
  p95: number;
  bytes: number;
}
interface SizeResult {
  label: string;
  options: ScaleOptions;
  seedSeconds: number;
  counts: Record<string, number>;
  historyItems: number;
  timings: Timing[];
}

/** Servers started by this process: stopped on every way out. */
const live = new Set<ChildProcess>();
/** Temporary folders and databases still to remove if interrupted. */
const cleanups = new Set<() => Promise<void>>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    const done = Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
    const timeout = new Promise((resolve) => setTimeout(resolve, 10_000));
    void Promise.race([done, timeout]).finally(() => process.exit(130));
  });

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function ensureBuilt() {
  if (existsSync(serverMain)) return;
  console.info('apps/server/dist/main.js is missing: npm run build -w @sorteio/server');
  const built = spawnSync('npm', ['run', 'build', '-w', '@sorteio/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0 || !existsSync(serverMain)) throw new Error('server build failed');
}

async function startServer(env: Record<string, string>, logFile: string) {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  live.add(child);
  child.once('exit', () => live.delete(child));
  const base = `http://127.0.0.1:${env.PORT}`;
  await waitReady(child, base, logFile);
  return { child, base };
}

async function stopServer(child: ChildProcess) {
  await stopChild(child);
  live.delete(child);
}

async function timeRoute(base: string, url: string, cookie: string): Promise<Timing> {
  let bytes = 0;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(base + url, { headers: { cookie } });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`GET ${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    bytes = body.byteLength;
    return ms;
  };
  for (let i = 0; i < WARMUP; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push(await once());
  times.sort((a, b) => a - b);
  return { url, median: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** One size on one fresh database: seed, start the server, time the routes, clean up. */
async function runSize(label: string, options: ScaleOptions, pgUrl: string | undefined) {
  const work = mkdtempSync(path.join(os.tmpdir(), `sorteio-reads-${label}-`));
  const staticDir = path.join(work, 'no-web-app');
  mkdirSync(staticDir);
  const appSecret = randomBytes(32).toString('base64url');
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  const cleanup = async () => {
    cleanups.delete(cleanup);
    if (dropDatabase) await dropDatabase();
    rmSync(work, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    if (pgUrl) {
      const name = `sorteio_reads_${label}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const dbEnv = {
      DATA_DIR: path.join(work, 'data'),
      APP_SECRET: appSecret,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const config = loadConfig(dbEnv);
    console.info(
      `[${label}] seeding ${options.users} users, ${options.participations} participations ` +
        `(player with ${options.playerEntries} entries)`,
    );
    const database = await createDatabase(config.database);
    let seeded;
    try {
      await database.migrate();
      seeded = await seedScale({
        db: database.db,
        config,
        options: { ...options, log: (line) => console.info(`[${label}] ${line}`) },
      });
    } finally {
      await database.close();
    }
    console.info(`[${label}] seeded in ${seeded.seconds.toFixed(1)} s; starting the server`);

    const port = await freePort();
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && k !== 'DATABASE_URL' && k !== 'DATA_DIR') env[k] = v;
    Object.assign(env, dbEnv, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: options.adminEmail,
      SEED_DEMO: 'false',
      OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
      STATIC_DIR: staticDir,
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_SIGN_IN_MAX: '1000000',
      RATE_LIMIT_JOIN_MAX: '1000000',
      RATE_LIMIT_ADDRESS_MAX: '1000000',
    });
    const logFile = path.join(work, 'server.log');
    const { child, base } = await startServer(env, logFile);
    try {
      const cookies = {
        admin: await signInOverHttp(base, options.adminEmail, options.adminPassword),
        player: await signInOverHttp(base, options.playerEmail, options.playerPassword),
      };
      const history = (await (
        await fetch(`${base}/api/history`, { headers: { cookie: cookies.player } })
      ).json()) as { items?: unknown[] };
      const timings: Timing[] = [];
      for (const route of ROUTES) {
        const timing = await timeRoute(base, route.url, cookies[route.who]);
        console.info(
          `[${label}] ${route.url}: median ${timing.median.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms`,
        );
        timings.push(timing);
      }
      return {
        label,
        options,
        seedSeconds: seeded.seconds,
        counts: seeded.counts,
        historyItems: history.items?.length ?? 0,
        timings,
      } satisfies SizeResult;
    } catch (error) {
      console.error(`server log (${logFile}):\n${tail(logFile)}`);
      throw error;
    } finally {
      await stopServer(child);
    }
  } finally {
    await cleanup();
  }
}

function printTable(target: string, results: SizeResult[]) {
  console.info('');
  console.info(
    `Read timings on ${target}: server process (NODE_ENV=production), ${REQUESTS} sequential ` +
      `requests per route after ${WARMUP} warm-up, timed by the client.`,
  );
  for (const r of results)
    console.info(
      `  ${r.label}: ${r.counts.users} users, ${r.counts.participations} participations, ` +
        `${r.counts.rooms} rooms, ${r.counts.ledgerEntries} ledger entries; player with ` +
        `${r.counts.playerEntries} entries (${r.historyItems} history items); seeded in ` +
        `${r.seedSeconds.toFixed(1)} s`,
    );
  const header = ['route'];
  for (const r of results)
    header.push(`${r.label} median ms`, `${r.label} p95 ms`, `${r.label} KB`);
  const lines = ROUTES.map((route, i) => [
    `GET ${route.url}`,
    ...results.flatMap((r) => {
      const t = r.timings[i]!;
      return [t.median.toFixed(1), t.p95.toFixed(1), (t.bytes / 1024).toFixed(1)];
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.info(fmt(header));
  console.info(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.info(fmt(l));
}

ensureBuilt();
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;
const base = optionsFromEnv(
  process.env,
  loadConfig({ DATA_DIR: os.tmpdir(), APP_SECRET: 'x'.repeat(32) }),
);
const shared = { ...base, adminPassword: ADMIN_PASSWORD, playerPassword: PLAYER_PASSWORD };
const sizes: [string, ScaleOptions][] = [
  ['demo', { ...shared, users: 10, participations: 40, playerEntries: 5 }],
  ['scale', shared],
];
const results: SizeResult[] = [];
for (const [label, options] of sizes) results.push(await runSize(label, options, pgUrl));
printTable(pgUrl ? 'PostgreSQL' : 'PGlite', results);
