// `npm run test:changed [base]`: the checks a change needs before a commit, in a minute or two.
// Files changed against `base` (default HEAD: what is not committed yet, untracked files included)
// decide what runs: the typecheck of the workspaces they belong to (all of them when the shared
// contracts change), the lint of those files, the unit and integration tests that import them
// (`vitest related`, PGlite), and the browser journeys among them. `npm test` stays the full run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const base = process.argv[2] ?? 'HEAD';

function git(args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    process.exit(result.status ?? 1);
  }
  return result.stdout.split('\n').filter(Boolean);
}

const changed = [
  ...new Set([
    ...git(['diff', '--name-only', base]),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]),
].filter((file) => existsSync(path.join(root, file)));

const code = changed.filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file));
if (code.length === 0) {
  process.stdout.write(`No code changed against ${base}.\n`);
  process.exit(0);
}
process.stdout.write(`${code.length} changed file(s) against ${base}.\n`);

const projects = new Set();
for (const file of code) {
  if (file.startsWith('packages/shared/')) {
    for (const p of ['packages/shared', 'apps/server', 'apps/web', '.']) projects.add(p);
  } else if (file.startsWith('apps/server/')) projects.add('apps/server');
  else if (file.startsWith('apps/web/')) projects.add('apps/web');
  else projects.add('.');
}

const steps = [
  ...[...projects].map((p) => [`typecheck ${p}`, ['node', 'scripts/typecheck.mjs', p]]),
  ['lint', ['npx', 'eslint', '--max-warnings=0', ...code]],
];
const sources = code.filter((file) => /^(apps|packages)\//.test(file));
if (sources.length > 0) {
  steps.push([
    'unit and integration tests of the changed files',
    ['npx', 'vitest', 'related', '--run', '--passWithNoTests', ...sources],
    { TEST_DB: process.env.TEST_DB ?? 'pglite' },
  ]);
}
const journeys = code.filter((file) => /^e2e\/.*\.spec\.ts$/.test(file));
if (journeys.length > 0) steps.push(['browser journeys', ['node', 'scripts/e2e.mjs', ...journeys]]);

for (const [name, [cmd, ...args], env = {}] of steps) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    process.stdout.write(`\n${name} failed.\n`);
    process.exit(result.status ?? 1);
  }
}
process.stdout.write('\nThe changed files pass. `npm test` runs everything.\n');
