// `npm run test:e2e`: builds the product (the web app with its test-only routes), then runs the
// Playwright journeys against it on a temporary data folder, in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(
  'npx',
  ['vite', 'build', 'apps/web', '--outDir', 'dist-e2e', '--emptyOutDir', '--logLevel', 'warn'],
  { VITE_TEST_ROUTES: '1' },
);
run('npm', ['run', 'build', '-w', '@sorteio/server']);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
