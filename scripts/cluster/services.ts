/**
 * Throwaway services for the drill and the benchmark, never the machine's shared ones: a PostgreSQL
 * cluster of its own (initdb in a temporary folder, its own port; restarted by the drill) and a
 * redis-server of its own (stopped by the drill).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL binary as the postgres user when this process is root (initdb refuses root). */
function pgRun(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : path.join(PG_BIN, bin);
  const full = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args] : args;
  const result = spawnSync(command, full, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${bin} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

export interface OwnPostgres {
  url: string;
  port: number;
  restart(): void;
  stop(): void;
  start(): void;
  remove(): void;
}

export function startOwnPostgres(port: number): OwnPostgres {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-pg-'));
  if (process.getuid?.() === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
  }
  const data = path.join(dir, 'data');
  pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off`;
  const start = () =>
    pgRun('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    // The server's output goes to its log file: a pipe left open would keep pg_ctl's caller waiting.
    restart: () =>
      pgRun('pg_ctl', [
        '-D',
        data,
        '-o',
        options,
        '-l',
        path.join(dir, 'log'),
        '-m',
        'fast',
        '-w',
        'restart',
      ]),
    stop: () => pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove() {
      try {
        pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 50; i += 1) {
      const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
      if (ping.stdout.trim() === 'PONG') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    start,
    async stop() {
      const current = child;
      if (!current || current.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        current.once('exit', () => resolve());
        current.kill('SIGKILL');
      });
      child = null;
    },
  };
}
