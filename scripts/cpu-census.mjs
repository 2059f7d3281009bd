// Where a run's CPU goes, by kind of process: `TEST_CPU_CENSUS=1 npm test` prints it at the end.
//
// A step's own CPU count (bash `times`) covers only the processes its shell waits for: Chromium's
// GPU and renderer processes, a test's server copies and the workers of a pool are missed. The
// census reads every process of the machine from /proc once a second and charges each its CPU
// since the census began (a process that lives less than a second may be missed). Linux only;
// elsewhere it reports nothing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** The kind of a process, from its command line. */
export function kindOf(cmdline) {
  if (cmdline.includes('chromium')) {
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
    const utility = /--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1];
    return `chromium ${utility ? utility.split('.').at(-1) : type}`;
  }
  if (cmdline.includes('workerProcessEntry')) return 'playwright worker';
  if (cmdline.includes('playwright')) return 'playwright runner';
  if (cmdline.includes('dist/main.js')) return 'product server (journeys)';
  if (cmdline.includes('vitest')) return 'vitest';
  if (cmdline.includes('eslint')) return 'eslint';
  if (/\btsc\b|typescript|tsgo/.test(cmdline)) return 'typescript';
  if (cmdline.includes('vite')) return 'vite';
  if (cmdline === '') return 'kernel threads';
  const program = cmdline.split(/\s/)[0].split('/').at(-1);
  return program || 'other';
}

/** Seconds of CPU (user and system) a process has used, or null once it is gone. */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); the start time (22) tells a reused pid.
    return { cpu: (Number(fields[11]) + Number(fields[12])) / TICKS, started: fields[19] };
  } catch {
    return null;
  }
}

function readCmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** Machine-wide busy CPU seconds (all cores), from /proc/stat. */
function busySeconds() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

/**
 * Starts counting. `stop()` returns the rows (kind, processes, CPU seconds), largest first, and the
 * machine's busy CPU seconds over the same time.
 */
export function startCpuCensus({ intervalMs = 1000 } = {}) {
  if (!existsSync('/proc/stat')) return { stop: () => null };
  const seen = new Map(); // `${pid}/${started}` -> { kind, first, last }
  let firstRound = true;
  const sample = () => {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const now = cpuOf(name);
      if (!now) continue;
      const key = `${name}/${now.started}`;
      const known = seen.get(key);
      if (known) known.last = now.cpu;
      // A process already running when the census began is charged only from then on.
      else
        seen.set(key, {
          kind: kindOf(readCmdline(name)),
          first: firstRound ? now.cpu : 0,
          last: now.cpu,
        });
    }
    firstRound = false;
  };
  const busyAtStart = busySeconds();
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      const byKind = new Map();
      for (const { kind, first, last } of seen.values()) {
        const used = last - first;
        if (used < 0.05) continue;
        const row = byKind.get(kind) ?? { kind, processes: 0, seconds: 0 };
        row.processes += 1;
        row.seconds += used;
        byKind.set(kind, row);
      }
      return {
        rows: [...byKind.values()].sort((a, b) => b.seconds - a.seconds),
        busy: busySeconds() - busyAtStart,
      };
    },
  };
}

/** The census as lines of text. */
export function formatCpuCensus(result) {
  if (!result) return 'CPU census: not available here (it reads /proc).\n';
  const counted = result.rows.reduce((sum, r) => sum + r.seconds, 0);
  const lines = result.rows.map(
    (r) => `${r.seconds.toFixed(0).padStart(7)} s  ${String(r.processes).padStart(5)}  ${r.kind}`,
  );
  return [
    'CPU census (CPU seconds, processes, kind):',
    ...lines,
    `${counted.toFixed(0).padStart(7)} s  counted; the machine was busy ${result.busy.toFixed(0)} CPU s`,
    '',
  ].join('\n');
}
