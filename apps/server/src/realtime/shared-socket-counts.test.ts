/**
 * The per-address socket cap counted across copies in a real Redis (CLUSTER_TEST_REDIS_URL,
 * default redis://127.0.0.1:6379/15; skipped when none answers): two copies' counts add up, a
 * copy's own count follows its sockets, and a copy that dies (its connection gone, no heartbeat)
 * stops counting once its heartbeat expires.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedSocketCounts } from './shared-socket-counts';

const url = process.env.CLUSTER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const prefix = `socket-counts-test-${randomBytes(4).toString('hex')}:`;
const connect = () =>
  new Redis(url, { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 0 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let reachable = false;
const probe = connect();
beforeAll(async () => {
  reachable = await probe
    .connect()
    .then(() => probe.ping())
    .then((pong) => pong === 'PONG')
    .catch(() => false);
});
afterAll(async () => {
  if (reachable) {
    const keys = await probe.keys(`${prefix}*`);
    if (keys.length) await probe.del(...keys.map((k) => k.slice(prefix.length)));
  }
  probe.disconnect();
});

describe('socket counts shared in Redis', () => {
  it('adds up the copies, follows each copy, and forgets a dead copy after its heartbeat', async (ctx) => {
    if (!reachable) ctx.skip(); // Needs a Redis server.
    const a = connect();
    const b = connect();
    await Promise.all([a.connect(), b.connect()]);
    const localA = new Map([['203.0.113.5', 2]]);
    const localB = new Map([['203.0.113.5', 1]]);
    const countsA = createSharedSocketCounts(a, () => localA, { ttlSeconds: 2 });
    const countsB = createSharedSocketCounts(b, () => localB, { ttlSeconds: 2 });
    try {
      await sleep(100); // the first heartbeats
      expect(await countsA.countAddress('203.0.113.5')).toBe(3);
      expect(await countsB.countAddress('203.0.113.6')).toBe(0);
      // A socket on B closes; one more opens on A.
      localB.set('203.0.113.5', 0);
      countsB.set('203.0.113.5', 0);
      localA.set('203.0.113.5', 3);
      countsA.set('203.0.113.5', 3);
      await sleep(50);
      expect(await countsB.countAddress('203.0.113.5')).toBe(3);
      localB.set('203.0.113.5', 4);
      countsB.set('203.0.113.5', 4);
      await sleep(50);
      expect(await countsA.countAddress('203.0.113.5')).toBe(7);
      // B dies (kill -9: no goodbye, no more heartbeats): its 4 stop counting within its expiry.
      b.disconnect();
      const start = Date.now();
      let total = 7;
      while (Date.now() - start < 5000 && total !== 3) {
        await sleep(200);
        total = await countsA.countAddress('203.0.113.5');
      }
      expect(total).toBe(3);
      expect(Date.now() - start).toBeGreaterThan(500);
      // A leaves in order: its heartbeat goes at once.
      await countsA.close();
      const c = connect();
      await c.connect();
      const countsC = createSharedSocketCounts(c, () => new Map(), { ttlSeconds: 2 });
      expect(await countsC.countAddress('203.0.113.5')).toBe(0);
      await countsC.close();
      c.disconnect();
    } finally {
      await countsA.close();
      await countsB.close();
      a.disconnect();
    }
  }, 20_000);

  it('counts 0 when Redis does not answer (the copy’s own cap still applies)', async () => {
    const down = new Redis('redis://127.0.0.1:1/0', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    const counts = createSharedSocketCounts(down, () => new Map([['203.0.113.9', 5]]));
    expect(await counts.countAddress('203.0.113.9')).toBe(0);
    await counts.close();
    down.disconnect();
  });
});
