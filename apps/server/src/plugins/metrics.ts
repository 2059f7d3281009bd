/** Prometheus metrics at /metrics: process defaults plus request counts and durations. */
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import type { App } from '../lib/fastify';
import { seatBatches } from '../modules/rooms/rooms.service';
import { realtimeListener } from '../realtime/realtime';
import { moneyContention } from '../modules/wallet/ledger.service';

export function registerMetrics(app: App, options: { token: string | undefined }) {
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

  // Queued seats taken together (rooms.service seatBatch).
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

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      if (options.token) {
        const given = Buffer.from(request.headers.authorization ?? '');
        const expected = Buffer.from(`Bearer ${options.token}`);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return reply.status(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
        }
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
