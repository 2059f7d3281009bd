// `npm test`: typecheck, lint, unit, integration (PGlite; and PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL is set) and the browser journeys. Stops at the first failing step.
//
// The browser journeys are the longest step but use about half a core: most of their time is spent
// waiting for pages, mail and timers. So they start first (after their build) and the other steps
// run beside them in three lanes at a lower priority, keeping both cores busy; a 2-core machine
// finishes in about the time of the journeys alone. Each step's output is printed when the step
// ends, so lines of two tools never interleave.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { formatCpuCensus, startCpuCensus } from './cpu-census.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * The steps beside the journeys run at a lower priority: the journeys wait on timers with
 * deadlines, the other steps only need the CPU the journeys leave.
 */
const beside = ([name, argv, env = {}]) => [name, ['nice', '-n', '10', ...argv], env];

/** Lanes run side by side; the steps of a lane run one after another. */
const lanes = [
  [
    ['build for the browser journeys', ['node', 'scripts/e2e.mjs', '--build-only']],
    // One lane here: two lanes finish the journeys sooner but take the cores the integration needs
    // (the whole run measured 629 s with one lane, 702 s with two).
    ['browser', ['node', 'scripts/e2e.mjs', '--no-build'], { E2E_LANES: '1' }],
  ],
  // The longest step other than the journeys starts at once, beside the journeys.
  [
    [
      'integration (PGlite)',
      // Three workers: its files wait on timers and sockets a good part of their time.
      ['npx', 'vitest', 'run', '--project', 'server', '--maxWorkers=3'],
      { TEST_DB: 'pglite' },
    ],
  ],
  [
    ['typecheck', ['npm', 'run', '-s', 'typecheck']],
    ['unit', ['npx', 'vitest', 'run', '--project', 'shared', '--project', 'web']],
    ...(pgUrl
      ? [
          [
            'integration (PostgreSQL)',
            ['npx', 'vitest', 'run', '--project', 'server'],
            { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
          ],
        ]
      : []),
  ],
  [['lint', ['npm', 'run', '-s', 'lint']]],
].map((lane, i) => (i === 0 ? lane : lane.map(beside)));

const timings = [];
const began = Date.now();
// TEST_CPU_CENSUS=1: where the run's CPU went, by kind of process (scripts/cpu-census.mjs).
const census = process.env.TEST_CPU_CENSUS === '1' ? startCpuCensus() : null;
const censusReport = () => (census ? `\n${formatCpuCensus(census.stop())}` : '');
const running = new Set();
let failed = null;

const CPU_MARK = '@@cpu';
const CPU_WRAP = `"$@"; rc=$?; echo "${CPU_MARK}" >&2; times >&2; exit $rc`;

/** `1m2.5s` to seconds. */
const toSeconds = (t) => {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};

/** Splits the step's output from the CPU line (user plus system seconds) its wrapper appends. */
function splitCpu(text) {
  const at = text.lastIndexOf(CPU_MARK);
  if (at < 0) return { output: text, cpu: '?' };
  // `times` prints the shell's own line, then its children's.
  const children =
    text
      .slice(at + CPU_MARK.length)
      .trim()
      .split('\n')[1] ?? '';
  const [user, system] = children.trim().split(/\s+/);
  const cpu = (toSeconds(user) + toSeconds(system)).toFixed(0);
  return { output: text.slice(0, at), cpu };
}

const since = (start) => ((Date.now() - start) / 1000).toFixed(1);

function runStep([name, [cmd, ...args], env = {}]) {
  return new Promise((resolve) => {
    const start = Date.now();
    const chunks = [];
    process.stdout.write(`--- ${name} started at ${since(began)} s\n`);
    // A process group of its own, so a failure elsewhere can stop the step with its children.
    // Through bash, whose `times` reports the CPU the step used (its waited-for descendants').
    const child = spawn('bash', ['-c', CPU_WRAP, 'bash', cmd, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
    });
    running.add(child);
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = since(start);
      const status = signal ? `stopped (${signal})` : code === 0 ? 'passed' : 'FAILED';
      const { output, cpu } = splitCpu(Buffer.concat(chunks).toString());
      timings.push(`${name}: ${seconds} s, CPU ${cpu} s (${status})`);
      process.stdout.write(`\n=== ${name} (${seconds} s, CPU ${cpu} s, ${status}) ===\n${output}`);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

function stopAll() {
  for (const child of running) {
    try {
      // As Ctrl+C would: each tool stops its own children (Playwright its web server).
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

async function runLane(lane) {
  for (const step of lane) {
    if (failed) return;
    const code = await runStep(step);
    if (code !== 0) {
      if (!failed) failed = { name: step[0], code };
      stopAll();
      return;
    }
  }
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

await Promise.all(lanes.map(runLane));
if (failed) {
  process.stdout.write(`\n${failed.name} failed.\n${timings.join('\n')}\n${censusReport()}`);
  process.exit(failed.code);
}
process.stdout.write(
  `\nAll steps passed in ${since(began)} s.\n${timings.join('\n')}\n${censusReport()}`,
);
