/**
 * The server process (main.ts) stopped while its child prepares the embedded database on the first
 * start: the stop waits for the child, then the process ends without serving. Stopped at once, it
 * would leave the child writing to the data folder after the stop had returned.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, sleep } from './cluster/copies-harness';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The process's children whose command line names `marker`. */
function childrenWith(pid: number, marker: string): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    });
}

/** The embedded database, whatever server the suite itself runs on. */
function withoutDatabaseServer(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...rest } = env;
  return rest;
}

const alive = (pid: number) => {
  try {
    // A zombie has exited: only its parent's wait is missing.
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

// prettier-ignore
it.skipIf(!existsSync('/proc/self/task'))( // skipped only where there is no /proc (not Linux)
  'a stop during the first start waits for the database to be prepared, then ends without serving',
  async () => {
    const port = await freePort();
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      {
        env: {
          ...withoutDatabaseServer(process.env),
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          BASE_URL: `http://localhost:${port}`,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      server.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const pid = server.pid!;

    // The child that migrates and seeds the new data folder.
    let preparing: number[] = [];
    const deadline = Date.now() + 30_000;
    while (preparing.length === 0 && Date.now() < deadline) {
      preparing = childrenWith(pid, '--prepare-database');
      await sleep(20);
    }
    expect(preparing, stderr).toHaveLength(1);
    const child = preparing[0]!;
    expect(existsSync(path.join(dataDir, 'demo-credentials.json'))).toBe(false);

    server.kill('SIGTERM');
    const { code, signal } = await exited;
    expect({ code, signal }, stderr).toEqual({ code: 0, signal: null });
    // The child had finished: the seed's last write is there and no one writes any more.
    expect(alive(child)).toBe(false);
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
    ) as { admin: { email: string } };
    expect(credentials.admin.email).toContain('@');
    // It never served.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  },
);
