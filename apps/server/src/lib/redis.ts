/**
 * The Redis connection shared by the server copies (REDIS_URL): the counters that must hold across
 * copies (rate limits, live-socket caps) live there. Money, sessions, settings and jobs never do:
 * they are in PostgreSQL (docs/decisions/021-cluster.md). Redis being down never fails a request:
 * commands fail at once (no offline queue) and the callers fall back to counting in this process.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export type SharedRedis = Redis;

export function createRedis(
  options: { url: string; prefix: string },
  log: FastifyBaseLogger,
): SharedRedis {
  const redis = new Redis(options.url, {
    // A command waits for no reconnection: the request goes on with the local count.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    // Reconnect soon after a loss, then at most every 2 s.
    retryStrategy: (attempt) => Math.min(2000, 100 * attempt),
    lazyConnect: false,
    keyPrefix: options.prefix,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error }, 'redis unavailable: counting in this process');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis connected again');
    down = false;
  });
  return redis;
}

/** Whether the shared counters are reachable now. */
export function redisReady(redis: SharedRedis | null): boolean {
  return redis === null || redis.status === 'ready';
}
