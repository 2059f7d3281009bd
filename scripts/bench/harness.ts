/** Small load harness: N concurrent clients, each running a task in a loop, with latency percentiles. */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export async function runLoad(options: {
  name: string;
  clients: number;
  /** Total number of task runs across all clients. */
  total: number;
  task: (client: number, i: number) => Promise<void>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      while (next < options.total) {
        const i = next;
        next += 1;
        const t0 = performance.now();
        try {
          await options.task(client, i);
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: options.name,
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function printTable(rows: LoadResult[]) {
  const header = ['benchmark', 'ok', 'errors', 'per s', 'p50 ms', 'p99 ms'];
  const lines = rows.map((r) => [
    r.name,
    String(r.requests),
    String(r.errors),
    r.perSecond.toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}
