/**
 * The per-address and per-account socket caps counted across copies in a real Redis
 * (CLUSTER_TEST_REDIS_URL, default redis://127.0.0.1:6379/15; skipped when none answers): two
 * copies' counts add up, a copy's own count follows its sockets, an account's oldest socket is
 * closed by the copy that holds it, and a copy that dies (its connection gone, no heartbeat) stops
 * counting once its heartbeat expires.
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

  it('counts 0 and closes nothing when Redis does not answer (the copy’s own caps still apply)', async () => {
    const down = new Redis('redis://127.0.0.1:1/0', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    const closed: string[] = [];
    const counts = createSharedSocketCounts(down, () => new Map([['203.0.113.9', 5]]), {
      accounts: { max: 1, close: (id) => closed.push(id) > 0 },
    });
    expect(await counts.countAddress('203.0.113.9')).toBe(0);
    for (const id of ['1', '2', '3']) await counts.admitAccount('u-down', id);
    expect(closed).toEqual([]);
    await counts.close();
    down.disconnect();
  });
});

describe('account sockets shared in Redis', () => {
  /** A copy whose registry holds `open` (socket ids) and records what it was told to close. */
  function copyOf(redis: Redis, copyId: string, max: number, userId: string) {
    const open = new Set<string>();
    const closed: string[] = [];
    const counts = createSharedSocketCounts(redis, () => new Map(), {
      ttlSeconds: 2,
      copyId,
      accounts: {
        max,
        close: (id) => {
          if (!open.delete(id)) return false;
          closed.push(id);
          counts.forgetAccount(userId, id);
          return true;
        },
      },
    });
    const admit = async (id: string) => {
      open.add(id);
      await counts.admitAccount(userId, id);
    };
    return { counts, open, closed, admit };
  }
  const waitUntil = async (check: () => boolean, ms = 3000) => {
    const start = Date.now();
    while (!check() && Date.now() - start < ms) await sleep(20);
  };

  it('closes the account’s oldest socket past the cap on whichever copy holds it', async (ctx) => {
    if (!reachable) ctx.skip(); // Needs a Redis server.
    const [ra, rb] = [connect(), connect()];
    await Promise.all([ra.connect(), rb.connect()]);
    const a = copyOf(ra, `a-${randomBytes(3).toString('hex')}`, 2, 'u1');
    const b = copyOf(rb, `b-${randomBytes(3).toString('hex')}`, 2, 'u1');
    try {
      await sleep(200); // heartbeats and subscriptions
      await b.admit('1');
      await sleep(5);
      await a.admit('1');
      await sleep(5);
      expect([a.closed, b.closed]).toEqual([[], []]);
      // A third tab, on A: the oldest is B's, closed by B (told through Redis).
      await a.admit('2');
      await waitUntil(() => b.closed.length > 0);
      expect(b.closed).toEqual(['1']);
      expect(a.closed).toEqual([]);
      // A fourth, on B: A's first goes.
      await sleep(5);
      await b.admit('2');
      await waitUntil(() => a.closed.length > 0);
      expect(a.closed).toEqual(['1']);
      // A fifth, on A: A's second (the oldest now), closed on A itself.
      await sleep(5);
      await a.admit('3');
      expect(a.closed).toEqual(['1', '2']);
      await sleep(200);
      expect(b.closed).toEqual(['1']);
      expect([...a.open, ...b.open].sort()).toEqual(['2', '3']);
    } finally {
      await a.counts.close();
      await b.counts.close();
      ra.disconnect();
      rb.disconnect();
    }
  }, 20_000);

  it('no longer counts a dead copy’s sockets once its heartbeat expired', async (ctx) => {
    if (!reachable) ctx.skip(); // Needs a Redis server.
    const [ra, rb] = [connect(), connect()];
    await Promise.all([ra.connect(), rb.connect()]);
    const copyB = `b-${randomBytes(3).toString('hex')}`;
    const a = copyOf(ra, `a-${randomBytes(3).toString('hex')}`, 2, 'u2');
    const b = copyOf(rb, copyB, 2, 'u2');
    try {
      await sleep(200);
      await b.admit('1');
      await sleep(5);
      await a.admit('1');
      // B dies (kill -9: no goodbye, no more heartbeats).
      rb.disconnect();
      const start = Date.now();
      while (Date.now() - start < 5000 && (await probe.exists(`ws:copy:${copyB}`)) === 1)
        await sleep(100);
      expect(await probe.exists(`ws:copy:${copyB}`)).toBe(0);
      // Two on A: within the cap, since B's does not count (it would be picked if it did).
      await a.admit('2');
      await sleep(300);
      expect([a.closed, b.closed]).toEqual([[], []]);
      await sleep(5);
      await a.admit('3');
      expect(a.closed).toEqual(['1']);
      expect(await probe.zrange('ws:account:u2', '0', '-1')).not.toContain(`${copyB}|1`);
    } finally {
      await a.counts.close();
      await b.counts.close();
      ra.disconnect();
    }
  }, 20_000);
});
