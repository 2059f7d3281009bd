/**
 * `npm run bench:memory`: idle memory (resident set size) of the production server, on the
 * embedded database (PGlite) and on PostgreSQL, after a first start and after a restart.
 *
 * Steps: `npm run build` when apps/*\/dist are older than the sources (skipped with
 * MEM_SKIP_BUILD=1), then for each database the built server started as `npm start` starts it
 * (`node --enable-source-maps --expose-gc apps/server/dist/main.js`, the flags and environment of
 * scripts/server-process.mjs: NODE_ENV=production, MAIL_OUTBOX_PAGE=true, the allocator's
 * thresholds) as its own process, on a free port:
 *
 * - embedded: a fresh temporary DATA_DIR, so the first start migrates and seeds the demo data (in
 *   its short-lived child process, as in production); then stopped and started again on the same
 *   DATA_DIR (the restart);
 * - PostgreSQL, when MEM_DATABASE_URL (or BENCH_DATABASE_URL) is set: a fresh database created
 *   there for the run and dropped afterwards; the first start migrates it and seeds the demo data
 *   (SEED_DEMO=true: on PostgreSQL the server itself does both, in its own process), then the
 *   restart.
 *
 * Each start waits for `GET /api/ready`, leaves the server idle MEM_IDLE_SECONDS (20 by default),
 * then reads VmRSS from /proc/<pid>/status MEM_SAMPLES times (5 by default), a second apart: the
 * largest of those idle samples is the figure. Also shown: the RSS when ready, the peak (VmHWM),
 * the anonymous and file-backed parts, and whether any child process of the server is still
 * alive. Targets: 250 MB embedded, 150 MB PostgreSQL (MB = 2^20 bytes). Prints a table, writes it
 * into docs/performance.md between `<!-- bench:memory:start -->` and `<!-- bench:memory:end -->`
 * (the rest of the file is kept; MEM_WRITE=false leaves the file alone) and exits non-zero when a
 * figure is over its target. The servers are stopped, the temporary folder removed and the
 * database dropped whatever happens.
 *
 * MEM_PORT picks the server's port (a free one by default); MEM_ONLY=pglite|postgres measures one
 * database; MEM_KEEP_LOGS=<folder> keeps the servers' logs there.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS, serverEnv } from '../server-process.mjs';
import { freePort, machine, mtime, newest, stopChild, tail, waitReady } from './common';

const root = path.resolve(import.meta.dirname, '../..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const IDLE_SECONDS = Math.max(0, Number(process.env.MEM_IDLE_SECONDS ?? 20));
const SAMPLES = Math.max(1, Number(process.env.MEM_SAMPLES ?? 5));
const TARGET_MB = { PGlite: 250, PostgreSQL: 150 } as const;

type Label = keyof typeof TARGET_MB;

interface Measure {
  database: Label;
  start: 'first start' | 'restart';
  /** Largest idle sample, MB. */
  rss: number;
  samples: number[];
  atReady: number;
  peak: number;
  anon: number;
  file: number;
  readyMs: number;
  children: string[];
}

let server: ChildProcess | null = null;
let work: string | null = null;
function cleanupNow() {
  server?.kill('SIGKILL');
  if (work) rmSync(work, { recursive: true, force: true });
}
process.on('exit', cleanupNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanupNow();
    process.exit(130);
  });

/** `npm run build` when a bundle is missing or older than its sources (as scripts/start.mjs). */
function build() {
  const webOut = path.join(root, 'apps/web/dist/index.html');
  if (process.env.MEM_SKIP_BUILD === '1') {
    if (!existsSync(serverMain) || !existsSync(webOut))
      throw new Error('MEM_SKIP_BUILD=1 but there is no build: run npm run build');
    return;
  }
  const shared = newest(path.join(root, 'packages/shared/src'));
  const stale =
    mtime(webOut) <
      Math.max(
        shared,
        newest(path.join(root, 'apps/web/src')),
        mtime(path.join(root, 'apps/web/index.html')),
      ) || mtime(serverMain) < Math.max(shared, newest(path.join(root, 'apps/server/src')));
  if (!stale) return;
  console.info('npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** Fields of /proc/<pid>/status in MB (VmRSS, VmHWM, RssAnon, RssFile). */
function status(pid: number): Record<string, number> {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const fields: Record<string, number> = {};
  for (const match of text.matchAll(/^(\w+):\s+(\d+) kB$/gm))
    fields[match[1]!] = Number(match[2]) / 1024;
  return fields;
}

/** Live descendants of a process, as "pid command". */
function descendants(pid: number): string[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found: string[] = [];
  const queue = [...(parents.get(pid) ?? [])];
  while (queue.length > 0) {
    const child = queue.shift()!;
    let command = '?';
    try {
      command = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // ended meanwhile
    }
    found.push(`${child} ${command}`);
    queue.push(...(parents.get(child) ?? []));
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's command line as scripts/start.mjs has it (scripts/server-process.mjs). */
const startArgs = () => [...SERVER_NODE_FLAGS, serverMain];

async function measure(
  database: Label,
  start: Measure['start'],
  env: Record<string, string>,
  logFile: string,
): Promise<Measure> {
  const out = openSync(logFile, 'a');
  const began = Date.now();
  const child = spawn(process.execPath, startArgs(), {
    cwd: root,
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  server = child;
  await waitReady(child, `http://127.0.0.1:${env.PORT}`, logFile, 300_000);
  const readyMs = Date.now() - began;
  const pid = child.pid!;
  const atReady = status(pid).VmRSS ?? 0;
  await sleep(IDLE_SECONDS * 1000);
  const samples: number[] = [];
  let last: Record<string, number> = {};
  for (let i = 0; i < SAMPLES; i += 1) {
    if (i > 0) await sleep(1000);
    last = status(pid);
    samples.push(last.VmRSS ?? 0);
  }
  const children = descendants(pid);
  await stopServer();
  return {
    database,
    start,
    rss: Math.max(...samples),
    samples,
    atReady,
    peak: last.VmHWM ?? 0,
    anon: last.RssAnon ?? 0,
    file: last.RssFile ?? 0,
    readyMs,
    children,
  };
}

async function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await stopChild(child);
  server = null;
}

function baseEnv(port: number): Record<string, string> {
  const given: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'DATABASE_URL' && k !== 'DATA_DIR' && !k.startsWith('MEM_'))
      given[k] = v;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(serverEnv(given))) if (v !== undefined) env[k] = v;
  return {
    ...env,
    NODE_ENV: 'production',
    MAIL_OUTBOX_PAGE: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
  };
}

async function twoStarts(database: Label, env: Record<string, string>, dir: string) {
  const logFile = path.join(dir, `${database}.log`);
  try {
    const first = await measure(database, 'first start', env, logFile);
    const again = await measure(database, 'restart', env, logFile);
    return [first, again];
  } catch (error) {
    console.error(`server log (${logFile}):\n${tail(logFile)}`);
    throw error;
  } finally {
    await stopServer();
    if (process.env.MEM_KEEP_LOGS) {
      mkdirSync(process.env.MEM_KEEP_LOGS, { recursive: true });
      if (existsSync(logFile))
        copyFileSync(logFile, path.join(process.env.MEM_KEEP_LOGS, path.basename(logFile)));
    }
  }
}

const mb = (value: number) => value.toFixed(0);

function formatTable(results: Measure[]): string {
  const header = [
    'database',
    'start',
    'RSS MB',
    'target',
    'ok',
    'at ready',
    'peak',
    'anon / file',
    'ready after',
    'children alive',
  ];
  const rows = results.map((r) => [
    r.database,
    r.start,
    mb(r.rss),
    `≤ ${TARGET_MB[r.database]}`,
    r.rss <= TARGET_MB[r.database] ? 'yes' : 'NO',
    mb(r.atReady),
    mb(r.peak),
    `${mb(r.anon)} / ${mb(r.file)}`,
    `${(r.readyMs / 1000).toFixed(1)} s`,
    String(r.children.length),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([2, 3, 5, 6, 7, 8, 9]);
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function writeDoc(header: string, table: string, notes: string[]) {
  const file = path.join(root, 'docs/performance.md');
  const start = '<!-- bench:memory:start -->';
  const end = '<!-- bench:memory:end -->';
  const block = [start, '', header, '', table, '', ...notes.map((n) => `- ${n}`), '', end].join(
    '\n',
  );
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  if (text.includes(start) && text.includes(end))
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  else text = `${text.trimEnd()}\n\n## Memory\n\n${block}\n`;
  writeFileSync(file, text);
  // The repository's formatting (npm run format:check), so a run leaves nothing to reformat.
  spawnSync('npx', ['prettier', '--write', file], { cwd: root, stdio: 'ignore' });
}

async function main() {
  if (!existsSync('/proc/self/status')) throw new Error('/proc is needed to read VmRSS (Linux)');
  build();
  const only = process.env.MEM_ONLY;
  const pgUrl = process.env.MEM_DATABASE_URL || process.env.BENCH_DATABASE_URL || undefined;
  work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-memory-'));
  const port = await freePort(process.env.MEM_PORT);
  const results: Measure[] = [];
  const notes: string[] = [];

  if (only !== 'postgres') {
    const env = { ...baseEnv(port), DATA_DIR: path.join(work, 'data') };
    results.push(...(await twoStarts('PGlite', env, work)));
  }
  if (pgUrl && only !== 'pglite') {
    const name = `sorteio_memory_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ server_version: string }>('show server_version');
      notes.push(`PostgreSQL ${rows[0]?.server_version ?? '?'} on the same machine`);
      await admin.query(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      const env = {
        ...baseEnv(port),
        DATABASE_URL: url.toString(),
        // Required with DATABASE_URL in production; files (outbox, uploads) go to the temporary folder.
        APP_SECRET: randomBytes(32).toString('base64url'),
        DATA_DIR: path.join(work, 'pg-files'),
        // The embedded database seeds the demo by default; on PostgreSQL it is asked for, so the
        // first start does the same work (migrate and seed) on both.
        SEED_DEMO: 'true',
      };
      results.push(...(await twoStarts('PostgreSQL', env, work)));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else if (only !== 'pglite') {
    notes.push('PostgreSQL not measured (set MEM_DATABASE_URL or BENCH_DATABASE_URL)');
  }

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const allocator = Object.entries(serverEnv({}))
    .filter(([k]) => k.startsWith('MALLOC_'))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const header =
    `Idle RSS of the production server (\`${allocator} node ${startArgs()
      .map((a) => path.relative(root, a) || a)
      .join(' ')}\`), ${date} UTC; ${machine()}. ` +
    `The figure is the largest of ${SAMPLES} samples taken a second apart after ${IDLE_SECONDS} s idle; ` +
    'anon / file (anonymous and file-backed resident memory) at the last sample.';
  for (const r of results) {
    const kids = r.children.length === 0 ? 'no child process alive' : r.children.join('; ');
    notes.push(
      `${r.database}, ${r.start}: idle samples ${r.samples.map(mb).join(', ')} MB; ${kids}`,
    );
  }
  const table = formatTable(results);
  console.info(`\n${header}\n\n${table}\n`);
  for (const n of notes) console.info(`- ${n}`);
  if (process.env.MEM_WRITE !== 'false') writeDoc(header, table, notes);
  if (results.some((r) => r.rss > TARGET_MB[r.database])) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    void stopServer();
    if (work) rmSync(work, { recursive: true, force: true });
    work = null;
  });
