/**
 * The production shape on one machine: N copies of the built server on one PostgreSQL database,
 * behind nginx (deploy/nginx/sorteio.conf.template), with a supervisor that
 *  - starts the first copy alone (it migrates and seeds), then the others;
 *  - reads every copy's /api/ready each second and marks a copy `down` in nginx (graceful reload)
 *    while it answers 503 or does not answer, unless no copy is ready (a shared outage: every copy
 *    stays in and answers 503 with Retry-After itself);
 *  - starts a copy again when its process ends without being asked to (kill -9, a crash);
 *  - drains a copy on request: out of nginx first (reload), then SIGTERM, which finishes what it
 *    has in flight.
 * Used by `npm run start:cluster`, `npm run drill` and `npm run bench:cluster`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS, serverEnv } from '../server-process.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');
const template = path.join(root, 'deploy/nginx/sorteio.conf.template');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface ClusterOptions {
  copies: number;
  /** nginx's port; the copies listen on the next ones (port + 1 ...). */
  port: number;
  /** Environment of every copy (DATABASE_URL, APP_SECRET, REDIS_URL, ...), over process.env. */
  env: Record<string, string | undefined>;
  /** nginx's prefix (config, pid, logs, temp files) and the copies' log files. */
  runDir: string;
  /** The copies' output: the terminal, or runDir/copy-<n>.log. */
  output: 'inherit' | 'files';
  /** nginx's access log (off under load measurements). */
  accessLog?: boolean;
  /** Start a copy again when its process ends by itself (default true). */
  restart?: boolean;
  log?: (line: string) => void;
}

export interface Copy {
  index: number;
  port: number;
  child: ChildProcess | null;
  /** Last answer of its /api/ready. */
  ready: boolean;
  down: string[];
  /** Out of nginx's rotation (the supervisor's `down`). */
  out: boolean;
  /** Stopped on purpose: not started again. */
  stopped: boolean;
  starts: number;
  exits: { code: number | null; signal: string | null; at: number }[];
}

export interface Cluster {
  url: string;
  copies: Copy[];
  /** Sends a signal to a copy's process (kill -9 in the drills); the supervisor restarts it. */
  signal(index: number, signal: NodeJS.Signals): void;
  /** Out of nginx, then SIGTERM; resolves when the process has ended (its exit code). */
  drain(index: number): Promise<number | null>;
  /** Starts a drained or stopped copy again and waits until it is ready. */
  start(index: number): Promise<void>;
  /** nginx -s reload (the current rendering). */
  reload(): void;
  /** Resolves when every copy answers ready and is in nginx's rotation. */
  waitAllReady(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The nginx configuration for these copies (`out` ones marked down). */
export function renderNginxConfig(input: {
  listen: number;
  runDir: string;
  copies: { port: number; out: boolean }[];
  staticDir: string;
  accessLog: boolean;
}): string {
  const brotli = existsSync(BROTLI_STATIC_MODULE);
  const servers = input.copies
    .map(
      (c) => `    server 127.0.0.1:${c.port} max_fails=3 fail_timeout=5s${c.out ? ' down' : ''};`,
    )
    .join('\n');
  const values: Record<string, string> = {
    LOAD_MODULES: brotli ? `load_module ${BROTLI_STATIC_MODULE};` : '',
    RUN_DIR: input.runDir,
    ACCESS_LOG: input.accessLog ? `${input.runDir}/access.log combined buffer=64k flush=1s` : 'off',
    UPSTREAM_SERVERS: servers,
    LISTEN: `127.0.0.1:${input.listen}`,
    STATIC_DIR: input.staticDir,
    BROTLI_STATIC: brotli ? 'brotli_static on;' : '',
    NOFILE: String(openFilesLimit()),
  };
  return readFileSync(template, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: unknown {{${name}}}`);
    return value;
  });
}

/** The hard limit of open files of this process (nginx's workers cannot go above it). */
function openFilesLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const hard = Number(line?.trim().split(/\s+/)[4]);
    return Number.isFinite(hard) ? Math.min(hard, 65_536) : 8192;
  } catch {
    return 8192;
  }
}

function newest(dir: string): number {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/**
 * Builds once what is missing or older than its sources (as `npm start` does): every copy then
 * runs the same build.
 */
export function buildOnce(log: (line: string) => void = console.log): void {
  const shared = newest(path.join(root, 'packages/shared/src'));
  const webStale =
    mtime(path.join(root, 'apps/web/dist/index.html')) <
    Math.max(
      shared,
      newest(path.join(root, 'apps/web/src')),
      mtime(path.join(root, 'apps/web/index.html')),
    );
  const serverStale =
    mtime(serverMain) < Math.max(shared, newest(path.join(root, 'apps/server/src')));
  const run = (workspace: string) => {
    log(`building ${workspace}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`build of ${workspace} failed`);
  };
  if (webStale) run('@sorteio/web');
  if (serverStale) run('@sorteio/server');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readReady(port: number): Promise<{ ready: boolean; down: string[] }> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`, {
      signal: AbortSignal.timeout(2000),
    });
    const body = (await res.json()) as { ready?: boolean; down?: string[] };
    return { ready: res.status === 200 && body.ready === true, down: body.down ?? [] };
  } catch {
    return { ready: false, down: ['unreachable'] };
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const runDir = path.resolve(options.runDir);
  mkdirSync(runDir, { recursive: true });
  const staticDir = path.join(root, 'apps/web/dist');
  const copies: Copy[] = Array.from({ length: options.copies }, (_, index) => ({
    index,
    port: options.port + 1 + index,
    child: null,
    ready: false,
    down: [],
    out: false,
    stopped: false,
    starts: 0,
    exits: [],
  }));
  const confFile = path.join(runDir, 'nginx.conf');
  const render = () =>
    writeFileSync(
      confFile,
      renderNginxConfig({
        listen: options.port,
        runDir,
        copies,
        staticDir,
        accessLog: options.accessLog ?? true,
      }),
    );
  let stopping = false;

  const spawnCopy = (copy: Copy) => {
    copy.starts += 1;
    copy.stopped = false;
    const env = serverEnv({
      ...process.env,
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(copy.port),
      // Only nginx, on this machine, is believed about the client's address.
      TRUST_PROXY: options.env.TRUST_PROXY ?? '127.0.0.1',
      SHUTDOWN_DRAIN_MS: options.env.SHUTDOWN_DRAIN_MS ?? '1500',
      BASE_URL: options.env.BASE_URL ?? `http://127.0.0.1:${options.port}`,
    });
    const stdio =
      options.output === 'inherit'
        ? (['ignore', 'inherit', 'inherit'] as const)
        : (['ignore', 'pipe', 'pipe'] as const);
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
      cwd: root,
      env,
      stdio: [...stdio],
    });
    if (options.output === 'files') {
      const out = createWriteStream(path.join(runDir, `copy-${copy.index + 1}.log`), {
        flags: 'a',
      });
      // Both streams into one file, which ends once both have (a crashing copy writes its last
      // words to stderr after its stdout has closed).
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
      child.once('close', () => out.end());
    }
    copy.child = child;
    child.on('exit', (code, signal) => {
      copy.exits.push({ code, signal, at: Date.now() });
      if (copy.child === child) copy.child = null;
      copy.ready = false;
      if (stopping || copy.stopped || options.restart === false) return;
      log(`copy ${copy.index + 1} ended (${signal ?? code}); starting it again`);
      setTimeout(() => {
        if (!stopping && !copy.stopped && copy.child === null) spawnCopy(copy);
      }, 500).unref();
    });
  };

  const waitReady = async (copy: Copy, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (copy.child === null && copy.exits.length > 0 && options.restart === false)
        throw new Error(`copy ${copy.index + 1} ended while starting`);
      const state = await readReady(copy.port);
      if (state.ready) {
        copy.ready = true;
        return;
      }
      await sleep(250);
    }
    throw new Error(`copy ${copy.index + 1} not ready within ${timeoutMs} ms`);
  };

  const abort = (error: unknown): never => {
    stopping = true;
    for (const c of copies) c.child?.kill('SIGKILL');
    throw error;
  };
  // The first copy migrates (and seeds the demo) alone; the others then start side by side.
  try {
    spawnCopy(copies[0]!);
    await waitReady(copies[0]!);
    for (const copy of copies.slice(1)) spawnCopy(copy);
    await Promise.all(copies.slice(1).map((c) => waitReady(c)));
    render();
  } catch (error) {
    abort(error);
  }
  const nginx = spawn(NGINX, ['-p', runDir, '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let nginxExited = false;
  nginx.on('exit', (code, signal) => {
    nginxExited = true;
    if (!stopping) log(`nginx ended (${signal ?? code})`);
  });
  const reload = () => {
    render();
    nginx.kill('SIGHUP');
  };
  // nginx answers once its workers listen.
  for (let i = 0; ; i += 1) {
    if (nginxExited) abort(new Error('nginx did not start (see its error.log in the run folder)'));
    try {
      await fetch(`http://127.0.0.1:${options.port}/api/health`, {
        signal: AbortSignal.timeout(1000),
      });
      break;
    } catch {
      if (i > 100) {
        nginx.kill('SIGKILL');
        abort(new Error('nginx did not answer'));
      }
      await sleep(100);
    }
  }

  // The supervisor: each second, every copy's readiness decides nginx's rotation.
  let draining = new Set<number>();
  const supervise = async () => {
    const states = await Promise.all(copies.map((c) => readReady(c.port)));
    states.forEach((s, i) => {
      copies[i]!.ready = s.ready;
      copies[i]!.down = s.down;
    });
    const anyReady = copies.some((c) => c.ready && !draining.has(c.index));
    let changed = false;
    for (const copy of copies) {
      // A shared outage (no copy ready) leaves every copy in: each answers 503 + Retry-After.
      const out = draining.has(copy.index) || (anyReady && !copy.ready);
      if (out !== copy.out) {
        copy.out = out;
        changed = true;
        log(
          `copy ${copy.index + 1} ${out ? 'out of' : 'back in'} rotation` +
            (copy.down.length ? ` (down: ${copy.down.join(', ')})` : ''),
        );
      }
    }
    if (changed && !stopping) reload();
  };
  let supervising = false;
  const timer = setInterval(() => {
    if (supervising || stopping) return;
    supervising = true;
    supervise()
      .catch((error: unknown) => log(`supervisor: ${String(error)}`))
      .finally(() => {
        supervising = false;
      });
  }, 1000);

  const cluster: Cluster = {
    url: `http://127.0.0.1:${options.port}`,
    copies,
    signal(index, signal) {
      copies[index]?.child?.kill(signal);
    },
    async drain(index) {
      const copy = copies[index]!;
      copy.stopped = true;
      draining = new Set([...draining, index]);
      copy.out = true;
      reload();
      // nginx's old workers finish their requests; new ones no longer choose this copy.
      await sleep(500);
      const child = copy.child;
      if (!child) return null;
      const exited = new Promise<number | null>((resolve) =>
        child.once('exit', (code) => resolve(code)),
      );
      child.kill('SIGTERM');
      const code = await exited;
      return code;
    },
    async start(index) {
      const copy = copies[index]!;
      if (!copy.child) spawnCopy(copy);
      await waitReady(copy);
      draining = new Set([...draining].filter((i) => i !== index));
    },
    reload,
    async waitAllReady(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (copies.every((c) => c.ready && !c.out && c.child)) return;
        await sleep(250);
      }
      throw new Error(
        `not every copy ready: ${copies.map((c) => `${c.index + 1}:${c.ready ? 'ready' : c.down.join('+')}`).join(' ')}`,
      );
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      const ends = copies.map((c) => {
        const child = c.child;
        if (!child) return Promise.resolve();
        return new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
        });
      });
      await Promise.all(ends);
      if (!nginxExited) {
        await new Promise<void>((resolve) => {
          nginx.once('exit', () => resolve());
          nginx.kill('SIGQUIT');
          setTimeout(() => nginx.kill('SIGKILL'), 10_000).unref();
        });
      }
    },
  };
  return cluster;
}
