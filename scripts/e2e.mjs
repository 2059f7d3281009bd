// `npm run test:e2e`: builds the product (the web app with its test-only routes), then runs the
// Playwright journeys against it on a temporary data folder, in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
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

// `--build-only` builds and stops (npm test builds beside the lint); `--no-build` reuses that build.
const args = process.argv.slice(2);
const buildOnly = args.includes('--build-only');
const noBuild = args.includes('--no-build');
const playwrightArgs = args.filter((a) => a !== '--build-only' && a !== '--no-build');

if (!noBuild) build();
if (buildOnly) process.exit(0);

function build() {
  run(
    'npx',
    ['vite', 'build', 'apps/web', '--outDir', 'dist-e2e', '--emptyOutDir', '--logLevel', 'warn'],
    { VITE_TEST_ROUTES: '1' },
  );
  run('npm', ['run', 'build', '-w', '@sorteio/server']);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-e2e-'));
// Playwright's own entry (not through npx), so a stop signal reaches the runner, which then stops
// the product's server before it exits.
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const child = spawn(process.execPath, [cli, 'test', ...playwrightArgs], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
// Stopped from outside, the run ends first, then its data folder goes. Ctrl+C (and npm test, which
// stops the other steps when one fails) interrupts the whole process group, Playwright included:
// it stops the product's server itself. A SIGTERM sent to this script alone is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('close', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
