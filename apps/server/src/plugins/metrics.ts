/**
 * Prometheus metrics at /metrics: process defaults, request counts and durations, money and seat
 * counters, and the business and health figures of business-metrics.ts.
 *
 * Not public (docs/decisions/022-backups-and-standby.md): answered to a request carrying
 * `Authorization: Bearer <METRICS_TOKEN>`, or coming from the machine itself and not through a
 * proxy (no forwarding headers; the same rule as the local mail outbox). Anything else gets 404.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Db } from '../db/client';
import type { App } from '../lib/fastify';
import { type BusinessFigures, readBusinessFigures } from './business-metrics';
import { seatBatches } from '../modules/rooms/rooms.service';
import { realtimeListener } from '../realtime/realtime';
import { moneyContention } from '../modules/wallet/ledger.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

export interface MetricsOptions {
  /** METRICS_TOKEN: a scraper from another machine sends it as a bearer token. */
  token: string | undefined;
  db: Db;
  /** The DATABASE_READ_URL handle, when set: its lag is reported. */
  read: Db | null;
  /** Open live-update sockets of this copy, and WS_MAX_TOTAL. */
  sockets: () => number;
  socketLimit: number;
  /** The database figures are read at most this often (tests: 0). */
  minIntervalMs?: number;
}

export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((h) => request.headers[h] === undefined)
  );
}

export function registerMetrics(app: App, options: MetricsOptions) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  // Money transactions retried after a deadlock or serialization failure, and given up (503).
  new client.Counter({
    name: 'money_transaction_retries_total',
    help: 'Money transactions retried after a deadlock or serialization failure',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(moneyContention.retries);
    },
  });
  new client.Counter({
    name: 'money_transaction_giveups_total',
    help: 'Money transactions that still failed after the last retry (answered 503)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(moneyContention.giveUps);
    },
  });

  // Queued seats taken together (rooms service/seat-batch.ts).
  new client.Counter({
    name: 'join_seat_batches_total',
    help: 'Transactions that took several queued seats together',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(seatBatches.transactions);
    },
  });
  new client.Counter({
    name: 'join_seats_batched_total',
    help: 'Seats taken by those transactions',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(seatBatches.seats);
    },
  });
  new client.Counter({
    name: 'join_seat_batch_fallbacks_total',
    help: 'Such transactions that failed, their seats then taken one by one',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(seatBatches.fallbacks);
    },
  });
  // Live updates: LISTEN connections lost (and opened again), each dropping the public cache.
  new client.Counter({
    name: 'realtime_listener_reconnects_total',
    help: 'LISTEN connections lost and opened again',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(realtimeListener.reconnects);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  registerBusinessMetrics(registry, options);

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      if (!metricsAllowed(request, options.token))
        return reply.status(404).type('text/plain').send('not found\n');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

function registerBusinessMetrics(registry: client.Registry, options: MetricsOptions) {
  const minInterval = options.minIntervalMs ?? 10_000;
  let current: BusinessFigures | null = null;
  let readAt = 0;
  let reading: Promise<void> | null = null;
  // One round of queries per scrape (or per interval, whatever the number of scrapers); every
  // gauge below reads its result.
  const refresh = async () => {
    if (current && Date.now() - readAt < minInterval) return;
    reading ??= readBusinessFigures(options.db, options.read)
      .then((f) => {
        current = f;
        readAt = Date.now();
      })
      .finally(() => {
        reading = null;
      });
    await reading;
  };
  const figures = async () => {
    await refresh();
    return current!;
  };
  const gauge = (
    name: string,
    help: string,
    set: (g: client.Gauge<string>, f: BusinessFigures) => void,
    labelNames: string[] = [],
  ) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        set(this, await figures());
      },
    });
  // Counts read from the database are the platform's totals (every copy reports the same value):
  // aggregate them with max(), not sum().
  const counter = (name: string, help: string, value: (f: BusinessFigures) => number | null) =>
    new client.Counter({
      name,
      help,
      registers: [registry],
      async collect() {
        this.reset();
        const v = value(await figures());
        if (v !== null) this.inc(v);
      },
    });
  gauge('sorteio_database_up', '1 when the primary database answered the last scrape', (g, f) =>
    g.set(f.databaseUp ? 1 : 0),
  );
  counter('sorteio_entries_total', 'Confirmed entries (participations paid)', (f) =>
    f.databaseUp ? f.entries : null,
  );
  counter('sorteio_revenue_centavos_total', "The platform's fees from draws, in centavos", (f) =>
    f.databaseUp ? f.revenueCentavos : null,
  );
  counter(
    'sorteio_pix_confirmations_total',
    'PIX received and credited (entries, top-ups, late payments)',
    (f) => (f.databaseUp ? f.pixConfirmations : null),
  );
  gauge(
    'sorteio_pix_confirmation_delay_seconds',
    "Seconds from the payer's PIX to its confirmation here, last 15 minutes",
    (g, f) => {
      if (!f.pixDelay) return;
      g.set({ quantile: '0.5' }, f.pixDelay.p50);
      g.set({ quantile: '0.95' }, f.pixDelay.p95);
    },
    ['quantile'],
  );
  gauge(
    'sorteio_payouts',
    'Payouts (prizes, withdrawals) by state; failing = pending with a provider error',
    (g, f) => {
      if (!f.databaseUp) return;
      for (const [state, n] of Object.entries(f.payouts)) g.set({ state }, n);
    },
    ['state'],
  );
  gauge(
    'sorteio_payouts_oldest_pending_seconds',
    'Age of the oldest payout not yet settled',
    (g, f) => g.set(f.oldestPendingPayoutSeconds),
  );
  gauge(
    'sorteio_draw_delay_seconds',
    'How long the most overdue room has waited for its draw',
    (g, f) => g.set(f.drawDelaySeconds),
  );
  gauge(
    'sorteio_job_queue_oldest_seconds',
    'Age of the oldest background job due and not started',
    (g, f) => {
      g.set(f.jobQueueOldestSeconds ?? Number.NaN);
    },
  );
  // Unknown values are NaN (no audit yet, no job queue): no alert compares true on them.
  gauge('sorteio_ledger_audit_ok', '1 when the last ledger audit passed', (g, f) =>
    g.set(f.ledgerAudit ? (f.ledgerAudit.ok ? 1 : 0) : Number.NaN),
  );
  gauge('sorteio_ledger_audit_age_seconds', 'Age of the last ledger audit', (g, f) =>
    g.set(f.ledgerAudit?.ageSeconds ?? Number.NaN),
  );
  if (options.read) {
    gauge(
      'sorteio_read_database_up',
      '1 when DATABASE_READ_URL answered the last scrape (absent when unset)',
      (g, f) => {
        g.set(f.readDatabaseUp ? 1 : 0);
      },
    );
    gauge(
      'sorteio_replication_lag_seconds',
      'How far the read standby (DATABASE_READ_URL) is behind the primary',
      (g, f) => {
        g.set(f.replicationLagSeconds ?? Number.NaN);
      },
    );
  }
  new client.Gauge({
    name: 'sorteio_open_sockets',
    help: 'Open live-update sockets on this server copy',
    registers: [registry],
    collect() {
      this.set(options.sockets());
    },
  });
  new client.Gauge({
    name: 'sorteio_open_sockets_limit',
    help: 'WS_MAX_TOTAL: live-update sockets this copy accepts',
    registers: [registry],
    collect() {
      this.set(options.socketLimit);
    },
  });
}
