/**
 * `npm run bench:lighthouse`: Lighthouse performance scores (mobile profile, simulated throttling,
 * the defaults of Lighthouse itself) of the landing page `/` signed out and of `/dashboard` signed
 * in, against the production build served as in production.
 *
 * Steps: `npm run build` (skipped with LH_SKIP_BUILD=1 when apps/*\/dist are current), a fresh
 * temporary PGlite database, migrated and seeded small (scripts/seed-scale.ts: an administrator,
 * a designated player with a few entries), the built server started as its own process with
 * NODE_ENV=production serving apps/web/dist, the player signed in through the API, then
 * Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default) launched headless by
 * chrome-launcher and Lighthouse run LH_RUNS times per page (3 by default; the median score is
 * kept), the session cookie passed with `extraHeaders` for the dashboard. Prints a table and exits
 * non-zero when a page is below its target (95 for `/`, 90 for `/dashboard`). The server and the
 * browser are stopped and the temporary folder removed whatever happens.
 *
 * LH_PORT picks the server's port (a free one by default); LH_REPORTS=<folder> keeps each run's
 * full report (JSON) there, for looking into a score.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { SCALE_PLAYER_EMAIL, seedScale } from '../seed-scale';
import { freePort, signInOverHttp, stopChild, tail, waitReady } from './common';

const root = path.resolve(import.meta.dirname, '../..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const webDist = path.join(root, 'apps/web/dist');
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ADMIN_EMAIL = 'admin@lighthouse.sorteiocerto.com.br';
const ADMIN_PASSWORD = `lh-admin-${randomBytes(6).toString('base64url')}`;
const PLAYER_PASSWORD = `lh-player-${randomBytes(6).toString('base64url')}`;

const PAGES = [
  { path: '/', signedIn: false, target: 95 },
  { path: '/dashboard', signedIn: true, target: 90 },
] as const;

interface PageResult {
  path: string;
  signedIn: boolean;
  target: number;
  scores: number[];
  median: number;
  metrics: Record<string, string>;
}

let server: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
let work: string | null = null;
function cleanupNow() {
  server?.kill('SIGKILL');
  void chrome?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
}
process.on('exit', cleanupNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanupNow();
    process.exit(130);
  });

function build() {
  if (process.env.LH_SKIP_BUILD === '1') {
    if (!existsSync(serverMain) || !existsSync(path.join(webDist, 'index.html')))
      throw new Error('LH_SKIP_BUILD=1 but there is no build: run npm run build');
    return;
  }
  console.info('npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

async function startServer(env: Record<string, string>, logFile: string) {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  server = child;
  const base = `http://127.0.0.1:${env.PORT}`;
  await waitReady(child, base, logFile);
  return base;
}

async function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await stopChild(child);
  server = null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

interface Run {
  score: number;
  /** Where the page ended (a redirect would measure another page). */
  final: string;
  metrics: Record<string, string>;
}

async function audit(url: string, cookie: string | null): Promise<Run> {
  const result = await lighthouse(url, {
    port: chrome!.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.LH_REPORTS) {
    mkdirSync(process.env.LH_REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LH_REPORTS, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const shown = (id: string) => lhr.audits[id]?.displayValue ?? '-';
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    final: new URL(lhr.finalDisplayedUrl).pathname,
    metrics: {
      FCP: shown('first-contentful-paint'),
      LCP: shown('largest-contentful-paint'),
      TBT: shown('total-blocking-time'),
      CLS: shown('cumulative-layout-shift'),
      SI: shown('speed-index'),
    },
  };
}

async function main() {
  if (!existsSync(CHROME_PATH)) throw new Error(`No browser at ${CHROME_PATH} (set CHROME_PATH)`);
  build();
  work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-lighthouse-'));
  const dbEnv = {
    DATA_DIR: path.join(work, 'data'),
    APP_SECRET: randomBytes(32).toString('base64url'),
  };
  const config = loadConfig({ ...dbEnv, ADMIN_EMAIL });
  const database = await createDatabase(config.database);
  try {
    await database.migrate();
    await seedScale({
      db: database.db,
      config,
      options: {
        users: 40,
        participations: 200,
        playerEntries: 12,
        days: 30,
        randomSeed: 1,
        adminEmail: ADMIN_EMAIL,
        adminPassword: ADMIN_PASSWORD,
        playerEmail: SCALE_PLAYER_EMAIL,
        playerPassword: PLAYER_PASSWORD,
      },
    });
  } finally {
    await database.close();
  }

  const port = await freePort(process.env.LH_PORT);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'DATABASE_URL' && k !== 'DATA_DIR' && k !== 'STATIC_DIR')
      env[k] = v;
  Object.assign(env, dbEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL,
    SEED_DEMO: 'false',
    OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
    STATIC_DIR: webDist,
    RATE_LIMIT_ADDRESS_MAX: '1000000',
    RATE_LIMIT_SIGN_IN_MAX: '1000000',
  });
  const logFile = path.join(work, 'server.log');
  const base = await startServer(env, logFile);
  const results: PageResult[] = [];
  try {
    const cookie = await signInOverHttp(base, SCALE_PLAYER_EMAIL, PLAYER_PASSWORD);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      logLevel: 'error',
    });
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await audit(base + page.path, page.signedIn ? cookie : null);
        if (run.final !== page.path)
          throw new Error(`${page.path} ended on ${run.final}: not the page meant to be measured`);
        console.info(`${page.path} run ${i + 1}/${RUNS}: ${run.score}`);
        runs.push(run);
      }
      const scores = runs.map((r) => r.score);
      const mid = median(scores);
      const { metrics } = runs.find((r) => r.score === mid)!;
      results.push({ ...page, scores, median: mid, metrics });
    }
  } catch (error) {
    console.error(`server log (${logFile}):\n${tail(logFile)}`);
    throw error;
  } finally {
    chrome?.kill();
    chrome = null;
    await stopServer();
  }

  console.info('');
  console.info(
    `Lighthouse ${RUNS}x per page, mobile profile (simulated throttling), production server; ` +
      'median score, its metrics',
  );
  console.table(
    results.map((r) => ({
      page: r.path,
      session: r.signedIn ? 'signed in' : 'signed out',
      score: r.median,
      runs: r.scores.join(' '),
      target: r.target,
      ...r.metrics,
      ok: r.median >= r.target ? 'yes' : 'NO',
    })),
  );
  if (results.some((r) => r.median < r.target)) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (work) rmSync(work, { recursive: true, force: true });
    work = null;
  });
