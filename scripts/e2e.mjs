// `npm run test:e2e`: builds the product (the web app with its test-only routes) and a migrated
// database template, then runs the Playwright journeys against it on a temporary data folder
// started from that template, in Debian's Chromium.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
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

/**
 * The journeys run in two lanes, each its own Playwright process with its own server, database copy
 * (from the template), SMTP server, fake EFI and ports: no lane sees the other's players, rooms or
 * settings, so each journey meets the product as in a run of one lane. The second lane takes these
 * files, chosen so both lanes take about as long; every other file (a new one too) runs in the
 * first, which also starts the side servers (beacon.spec.ts, shared-address.spec.ts).
 * Arguments for Playwright (a file, --grep...) or E2E_LANES=1 run one lane, as before.
 */
const SECOND_LANE = new Set([
  'screens',
  'shell',
  'identity',
  'money',
  'operator-screens',
  'player-journeys',
  'support',
]);
const oneLane = playwrightArgs.length > 0 || process.env.E2E_LANES === '1';

/**
 * The journeys that use the side servers (e2e/support/side-servers.ts, started by global-setup.ts).
 * A run given only spec files (and `--option=value` options), none of them these, does not start
 * them: a run of one journey then takes half the time. Any other argument (a filter, an option
 * with its value apart) starts them, as a whole run does.
 */
const SIDE_SERVER_SPECS = ['beacon.spec.ts', 'shared-address.spec.ts'];
const sideServersNeeded =
  playwrightArgs.length === 0 ||
  !playwrightArgs.every(
    (a) =>
      (a.endsWith('.spec.ts') && !SIDE_SERVER_SPECS.includes(path.basename(a))) ||
      (a.startsWith('--') && a.includes('=')),
  );
const hasTemplate = existsSync(template);
// Playwright's own entry (not through npx), so a stop signal reaches the runner, which then stops
// the product's server before it exits.
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

function lane(number, args, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-e2e-'));
  if (hasTemplate) cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, [cli, 'test', ...args], {
    cwd: root,
    stdio: oneLane ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      E2E_DATA_DIR: dataDir,
      ...(hasTemplate ? { E2E_DB_TEMPLATE: template } : {}),
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  });
  if (!oneLane) {
    // Each line says its lane: the two runners print at once.
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) =>
        process.stdout.write(`[${number}] ${line}\n`),
      );
    }
  }
  return {
    child,
    done: new Promise((resolve) =>
      child.on('close', (code) => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve(code ?? 1);
      }),
    ),
  };
}

const specs = readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.spec.ts'));
/** The spec files of the first lane, or of the second. */
const laneFiles = (second) =>
  specs
    .filter((f) => SECOND_LANE.has(f.replace(/\.spec\.ts$/, '')) === second)
    .sort()
    .map((f) => `e2e/${f}`);
// The second lane's ports sit 100 above the first's (its EFI and side-server ports follow E2E_PORT).
const secondPort = (name, fallback) => String(Number(process.env[name] ?? fallback) + 100);
const lanes = oneLane
  ? [lane(1, playwrightArgs, sideServersNeeded ? {} : { E2E_SIDE_SERVERS: '0' })]
  : [
      lane(1, laneFiles(false), { E2E_OUTPUT_DIR: 'test-results/lane-1' }),
      lane(2, laneFiles(true), {
        E2E_PORT: secondPort('E2E_PORT', 4310),
        E2E_SMTP_PORT: secondPort('E2E_SMTP_PORT', 4325),
        ...(process.env.E2E_EFI_PORT ? { E2E_EFI_PORT: secondPort('E2E_EFI_PORT', 0) } : {}),
        E2E_SIDE_SERVERS: '0',
        E2E_OUTPUT_DIR: 'test-results/lane-2',
      }),
    ];
// Stopped from outside, the run ends first, then its data folders go. Ctrl+C (and npm test, which
// stops the other steps when one fails) interrupts the whole process group, Playwright included:
// it stops the product's servers itself. A SIGTERM sent to this script alone is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => lanes.forEach(({ child }) => child.kill('SIGTERM')));
const codes = await Promise.all(lanes.map(({ done }) => done));
process.exit(codes.find((c) => c !== 0) ?? 0);
