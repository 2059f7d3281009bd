// `npm run test:e2e`: builds the product (the web app with its test-only routes) and a migrated
// database template, then runs the Playwright journeys against it on a temporary data folder
// started from that template, in Debian's Chromium.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The embedded database with every migration applied, built beside the product: each server of
 * the run (the suite's, and the journeys' own copies in e2e/support/side-servers.ts) starts from a
 * copy of it instead of migrating an empty database (about 25 s each on a busy 2-core machine).
 */
const template = path.join(root, '.data-e2e-template');

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const merged = { ...process.env, ...env };
    // An empty value removes the variable (the template is the embedded database, never a server).
    for (const [key, value] of Object.entries(env)) if (value === '') delete merged[key];
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: merged });
    child.on('close', (code) => {
      if (code !== 0) process.exit(code ?? 1);
      resolve();
    });
  });
}

// `--build-only` builds and stops (npm test builds beside the lint); `--no-build` reuses that build.
const args = process.argv.slice(2);
const buildOnly = args.includes('--build-only');
const noBuild = args.includes('--no-build');
const playwrightArgs = args.filter((a) => a !== '--build-only' && a !== '--no-build');

if (!noBuild) await build();
if (buildOnly) process.exit(0);

async function build() {
  rmSync(template, { recursive: true, force: true });
  await Promise.all([
    run(
      'npx',
      ['vite', 'build', 'apps/web', '--outDir', 'dist-e2e', '--emptyOutDir', '--logLevel', 'warn'],
      { VITE_TEST_ROUTES: '1' },
    ).then(() => run('npm', ['run', 'build', '-w', '@sorteio/server'])),
    // From the sources, beside the build (the migrations are the same files).
    run(process.execPath, ['--import', 'tsx', 'apps/server/src/db/migrate-cli.ts'], {
      DATA_DIR: template,
      DATABASE_URL: '',
    }),
  ]);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-e2e-'));
const hasTemplate = existsSync(template);
if (hasTemplate) cpSync(template, dataDir, { recursive: true });
// Playwright's own entry (not through npx), so a stop signal reaches the runner, which then stops
// the product's server before it exits.
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const child = spawn(process.execPath, [cli, 'test', ...playwrightArgs], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_DATA_DIR: dataDir,
    ...(hasTemplate ? { E2E_DB_TEMPLATE: template } : {}),
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
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
