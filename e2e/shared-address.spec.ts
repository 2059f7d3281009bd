/**
 * A family on one Wi-Fi, or a mobile carrier's shared address: many page loads from one address
 * must still render the landing page. This journey starts its own copy of the production server
 * with the default limits (the suite's server raises them for its many sign-ins).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310) + 7;
const origin = `http://localhost:${port}`;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A first start migrates a new embedded database: slow on a busy 2-core machine, and not what
  // this journey measures.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-shared-address-'));
  server = spawn('node', ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: origin,
      DATA_DIR: dataDir,
      STATIC_DIR: 'apps/web/dist-e2e',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 400; i += 1) {
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the second server did not start');
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
});

test('400 page loads in a minute from one address still render the landing page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const html = await (await fetch(`${origin}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  // What 400 visits fetch from the server: the page, its scripts and styles, and the landing's
  // two API calls.
  const started = Date.now();
  // Four visitors at a time, as on a shared address: the burst fits in one rate-limit window.
  const visit = async (n: number) => {
    const answers = await Promise.all(
      ['/', ...assets, '/api/me', '/api/public/stats'].map((url) => fetch(`${origin}${url}`)),
    );
    for (const a of answers) {
      await a.arrayBuffer();
      expect(a.status, `${a.url} on visit ${n}`).toBe(200);
    }
  };
  for (let n = 0; n < 400; n += 4) await Promise.all([n, n + 1, n + 2, n + 3].map(visit));
  expect(Date.now() - started).toBeLessThan(60_000);
  // The next visitor from the same address sees the page, not a white screen.
  await page.goto(origin);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Sorteios ao Vivo', { exact: true })).toBeVisible();
});
