/**
 * The server processes of `npm run bench` (index.ts): built when stale, started, stopped, and
 * killed when the bench exits.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import { newest, tail } from './common';

export const root = path.resolve(import.meta.dirname, '../..');
export const here = import.meta.dirname;
/** BENCH_SERVER_MAIN: another build of the server (to compare two versions on one machine). */
export const serverMain = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(root, 'apps/server/dist/main.js');

export const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    process.exit(130);
  });

/** As scripts/start.mjs: build the server when its bundle is missing or older than the sources. */
export function ensureBuilt() {
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

export async function startProcess(
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

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
  live.delete(child);
}
