/**
 * The load generator, run as its own process by index.ts (never inside the server): `connections`
 * HTTP clients on keep-alive sockets, each taking the next request of the job until `total`
 * requests were sent. Every request carries its own cookie (a real session from a sign-in through
 * the API). Latency is measured per request from before it is written to the end of its body.
 * Prints one JSON line: the LoadResult.
 *
 *   node --import tsx scripts/bench/load.ts <job.json>
 */
import { readFileSync } from 'node:fs';
import { Client } from 'undici';
import { type LoadResult, summarise, summariseWarmup } from './harness';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  /** JSON text. */
  body?: string;
}

export interface LoadJob {
  name: string;
  /** http://127.0.0.1:port */
  base: string;
  connections: number;
  /** Requests to send, taken in order; `total` past their length wraps around. */
  requests: LoadRequest[];
  total?: number;
  /** Statuses that count as success (the rest are errors). */
  okStatus: number[];
  /** Sent as Origin on POSTs (the server refuses state changes from another origin). */
  origin?: string;
  /** Give up (counting the rest as errors) after this long. */
  timeoutMs?: number;
  /**
   * Each connection sends only its own requests: connection k the k-th, then every
   * `connections`-th after it, the next one when the last is answered (one player per connection,
   * as a person waits for an answer before the next click). Otherwise any free connection takes the
   * next request of the list.
   */
  ownRequests?: boolean;
  /**
   * Sent first, each connection its own (as `ownRequests`), and all answered before the measured
   * requests start; not in the figures (their errors are): a server's first requests after it
   * starts meet cold code, new database connections and statements not yet prepared.
   */
  warmup?: LoadRequest[];
}

export async function runLoadJob(job: LoadJob): Promise<LoadResult> {
  const total = job.total ?? job.requests.length;
  const ok = new Set(job.okStatus);
  const statuses: Record<string, number> = {};
  const lastAt: Record<string, number> = {};
  const firstAt: Record<string, number> = {};
  let errors = 0;
  let firstError: string | undefined;
  const deadline = Date.now() + (job.timeoutMs ?? 120_000);
  // One keep-alive connection per client (undici: far less CPU per request than node:http, so
  // the load generator takes less of the machine from the server it measures).
  const connections = Array.from(
    { length: job.connections },
    () => new Client(job.base, { pipelining: 1, keepAliveTimeout: 60_000 }),
  );

  const send = async (client: Client, r: LoadRequest) => {
    const headers: Record<string, string> = {};
    if (r.cookie) headers.cookie = r.cookie;
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    if (r.method !== 'GET' && job.origin) headers.origin = job.origin;
    const res = await client.request({ method: r.method, path: r.path, headers, body: r.body });
    return { status: res.statusCode, body: await res.body.text() };
  };

  /**
   * Sends `count` requests of `requests` (as the job says: each connection its own, or the next
   * free one) and returns the latencies of the successful ones; `record` keeps the statuses' times.
   */
  const phase = async (requests: LoadRequest[], count: number, own: boolean, record: boolean) => {
    const latencies: number[] = [];
    const start = performance.now();
    let next = 0;
    await Promise.all(
      connections.map(async (client, k) => {
        let mine = k;
        while (own ? mine < count : next < count) {
          const n = own ? mine : next;
          const r = requests[n % requests.length]!;
          if (own) mine += job.connections;
          else next += 1;
          if (Date.now() > deadline) {
            errors += 1;
            statuses.timeout = (statuses.timeout ?? 0) + 1;
            continue;
          }
          const t0 = performance.now();
          try {
            const res = await send(client, r);
            const ms = performance.now() - t0;
            if (ok.has(res.status)) latencies.push(ms);
            else {
              errors += 1;
              firstError ??= `${r.method} ${r.path}: ${res.status} ${res.body.slice(0, 300)}`;
            }
            if (!record) continue;
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            lastAt[res.status] = (performance.now() - start) / 1000;
            firstAt[res.status] ??= lastAt[res.status]!;
          } catch (error) {
            errors += 1;
            statuses.error = (statuses.error ?? 0) + 1;
            firstError ??= `${r.method} ${r.path}: ${String(error)}`;
          }
        }
      }),
    );
    return { latencies, seconds: (performance.now() - start) / 1000 };
  };

  // The warm-up first, all of it answered before the measured requests start.
  const warm = job.warmup?.length
    ? await phase(job.warmup, job.warmup.length, true, false)
    : undefined;
  const warmup = warm ? summariseWarmup(warm.latencies, errors) : undefined;
  const measured = await phase(job.requests, total, job.ownRequests ?? false, true);
  await Promise.all(connections.map((client) => client.destroy()));
  return summarise({
    name: job.name,
    latencies: measured.latencies,
    errors,
    statuses,
    seconds: measured.seconds,
    lastAt,
    firstAt,
    ...(firstError ? { firstError } : {}),
    ...(warmup ? { warmup } : {}),
  });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadJob;
  const result = await runLoadJob(job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
