/**
 * What the benchmark's processes share: the result of one scenario, percentiles, running a child
 * process that answers with one JSON line, and the table.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LoadResult {
  name: string;
  /** Answers with an expected status. */
  ok: number;
  /** Anything else: another status, a network error, a failed transaction. */
  errors: number;
  /** Count per status (or "error") for the record. */
  statuses: Record<string, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Seconds from the start to the last answer of each status. */
  lastAt?: Record<string, number>;
  /** Seconds from the start to the first answer of each status. */
  firstAt?: Record<string, number>;
  firstError?: string;
  /**
   * The warm-up sent before the measured requests (not in the figures above, its errors counted
   * in `errors`): how the first requests after a start fared.
   */
  warmup?: WarmupResult;
}

export interface WarmupResult {
  ok: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

/** Count, median, p99 and slowest of latencies (ms, of the successful calls). */
function figures(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    ok: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The warm-up's figures from its latencies (ms, of the successful calls). */
export function summariseWarmup(latencies: number[], errors: number): WarmupResult {
  return { ...figures(latencies), errors };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Summarises latencies (ms, of the successful calls) over a wall-clock span. */
export function summarise(input: {
  name: string;
  latencies: number[];
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  lastAt?: Record<string, number>;
  firstAt?: Record<string, number>;
  firstError?: string;
  warmup?: WarmupResult;
}): LoadResult {
  const measured = figures(input.latencies);
  return {
    name: input.name,
    ...measured,
    errors: input.errors,
    statuses: input.statuses,
    seconds: input.seconds,
    perSecond: measured.ok / input.seconds,
    ...(input.lastAt ? { lastAt: input.lastAt } : {}),
    ...(input.firstAt ? { firstAt: input.firstAt } : {}),
    ...(input.firstError ? { firstError: input.firstError } : {}),
    ...(input.warmup ? { warmup: input.warmup } : {}),
  };
}

/**
 * Runs `node --import tsx <script> <job file>` as its own process; the job is written to a file
 * (it can be large: thousands of cookies), the answer is the child's last line of standard output.
 */
export async function runChild<T>(script: string, job: unknown, workDir: string): Promise<T> {
  const jobFile = path.join(
    workDir,
    `job-${Date.now()}-${Math.random().toString(36).slice(2)}.json`,
  );
  writeFileSync(jobFile, JSON.stringify(job));
  const child = spawn(process.execPath, ['--import', 'tsx', script, jobFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${path.basename(script)} exited with ${code}:\n${out}`);
  const last = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as T;
}

export interface TableRow {
  result: LoadResult;
  /** Throughput ratio to the reference row (the plain `pg` join, a hello-world server). */
  ratio?: { to: string; value: number };
}

/** A number for the table ("-" when there was nothing to measure; JSON turns NaN into null). */
const fixed = (value: number | null, digits: number) =>
  value === null || !Number.isFinite(value) ? '-' : value.toFixed(digits);

export function formatTable(rows: TableRow[]): string {
  const header = ['scenario', 'ok', 'errors', 'req/s', 'p50 ms', 'p99 ms', 'ratio'];
  const lines = rows.map(({ result: r, ratio }) => [
    r.name,
    String(r.ok),
    String(r.errors),
    fixed(r.perSecond, 0),
    fixed(r.p50, 1),
    fixed(r.p99, 1),
    ratio ? `${fixed(ratio.value, 2)}x ${ratio.to}` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    fmt(header),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...lines.map(fmt),
  ].join('\n');
}
