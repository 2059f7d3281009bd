/**
 * Journeys that need a product server configured unlike the suite's (default rate limits, a
 * randomness beacon) get a copy of their own. global-setup.ts starts those copies at once, in the
 * background and at a lower priority, so they migrate and seed while the first journeys run; each
 * journey then only waits until its copy is ready. A copy starts from the migrated database
 * template that `scripts/e2e.mjs` builds (E2E_DB_TEMPLATE), when there is one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2ePort } from './env';

export interface SideServer {
  name: string;
  base: string;
  stop(): Promise<void>;
}

/** The copy with the default limits (shared-address.spec.ts). */
export const sharedAddressPort = () => e2ePort() + 7;
/** The copy bound to the fake drand beacon (beacon.spec.ts), and the beacon's own port. */
export const beaconServerPort = () => Number(process.env.E2E_BEACON_SERVER_PORT ?? e2ePort() + 6);
export const beaconPort = () => Number(process.env.E2E_BEACON_PORT ?? e2ePort() + 5);

/** A new data folder, holding the migrated template's database when there is one. */
export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env.E2E_DB_TEMPLATE;
  if (template && existsSync(template)) cpSync(template, dir, { recursive: true });
  return dir;
}

export function startSideServer(
  name: string,
  port: number,
  env: Record<string, string>,
): SideServer {
  const base = `http://localhost:${port}`;
  const dataDir = newDataDir(`sorteio-e2e-${name}-`);
  const child: ChildProcess = spawn(
    'nice',
    ['-n', '5', process.execPath, '--enable-source-maps', 'apps/server/dist/main.js'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: base,
        DATA_DIR: dataDir,
        STATIC_DIR: 'apps/web/dist-e2e',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    base,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the copy at `base` answers /api/ready (it was started by global-setup.ts). */
export async function waitUntilReady(base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`the server at ${base} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
