// `npm test`: typecheck, lint, unit, integration (PGlite; and PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL is set) and the browser journeys. Stops at the first failing stage.
//
// Typecheck and lint are single-threaded: they run side by side, and the build the browser journeys
// need follows the typecheck in the same lane. Output of a lane is printed when the lane ends, so
// lines of two tools never interleave.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** A stage is a list of lanes run side by side; a lane is a list of steps run one after another. */
const stages = [
  [
    [
      ['typecheck', ['npm', 'run', '-s', 'typecheck']],
      ['build for the browser journeys', ['node', 'scripts/e2e.mjs', '--build-only']],
    ],
    [['lint', ['npm', 'run', '-s', 'lint']]],
  ],
  [[['unit', ['npx', 'vitest', 'run', '--project', 'shared', '--project', 'web']]]],
  [
    [
      [
        'integration (PGlite)',
        ['npx', 'vitest', 'run', '--project', 'server'],
        { TEST_DB: 'pglite' },
      ],
    ],
  ],
  ...(pgUrl
    ? [
        [
          [
            [
              'integration (PostgreSQL)',
              ['npx', 'vitest', 'run', '--project', 'server'],
              { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
            ],
          ],
        ],
      ]
    : []),
  [[['browser', ['node', 'scripts/e2e.mjs', '--no-build']]]],
];

const timings = [];
const began = Date.now();

function runStep([name, [cmd, ...args], env = {}], buffered) {
  return new Promise((resolve) => {
    const start = Date.now();
    const chunks = [];
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env, ...(buffered ? { FORCE_COLOR: '0' } : {}) },
    });
    if (buffered) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    } else {
      process.stdout.write(`\n=== ${name} ===\n`);
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      timings.push(`${name}: ${seconds} s`);
      if (buffered) {
        process.stdout.write(`\n=== ${name} (${seconds} s) ===\n${Buffer.concat(chunks)}`);
      }
      resolve(code ?? 1);
    });
  });
}

async function runLane(lane, buffered) {
  for (const step of lane) {
    const code = await runStep(step, buffered);
    if (code !== 0) return { name: step[0], code };
  }
  return null;
}

for (const lanes of stages) {
  const buffered = lanes.length > 1;
  const failures = (await Promise.all(lanes.map((lane) => runLane(lane, buffered)))).filter(
    Boolean,
  );
  if (failures.length > 0) {
    process.stdout.write(
      `\n${failures.map((f) => f.name).join(', ')} failed.\n${timings.join('\n')}\n`,
    );
    process.exit(failures[0].code);
  }
}
const total = ((Date.now() - began) / 1000).toFixed(1);
process.stdout.write(`\nAll steps passed in ${total} s.\n${timings.join('\n')}\n`);
