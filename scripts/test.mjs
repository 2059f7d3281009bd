// `npm test`: typecheck, lint, unit, integration (PGlite; and PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL is set) and the browser journeys. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['unit', ['npx', 'vitest', 'run', '--project', 'shared', '--project', 'web']],
  ['integration (PGlite)', ['npx', 'vitest', 'run', '--project', 'server'], { TEST_DB: 'pglite' }],
  ...(pgUrl
    ? [
        [
          'integration (PostgreSQL)',
          ['npx', 'vitest', 'run', '--project', 'server'],
          { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
        ],
      ]
    : []),
  ['browser', ['node', 'scripts/e2e.mjs']],
];

const timings = [];
for (const [name, [cmd, ...args], env = {}] of steps) {
  const start = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  timings.push(`${name}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    process.stdout.write(`\n${name} failed.\n${timings.join('\n')}\n`);
    process.exit(result.status ?? 1);
  }
}
process.stdout.write(`\nAll steps passed.\n${timings.join('\n')}\n`);
