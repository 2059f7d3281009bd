/**
 * The per-address socket cap counted across the server copies in Redis (REDIS_URL): each copy
 * writes its own count of an address's open sockets into that address's hash (field = the copy),
 * and keeps a heartbeat key of its own alive with an expiry. Counting sums the fields of copies
 * whose heartbeat is there, so a copy that died (kill -9, a crash) stops counting within `ttlSeconds`
 * and its fields are removed on the next count. Every `ttlSeconds / 3` a copy writes again what it
 * holds, which also puts its counts back after Redis itself was restarted.
 *
 * Redis down never refuses a socket: a count that fails is 0 here, and the copy's own in-memory
 * cap (SocketRegistry) still applies.
 */
import { randomUUID } from 'node:crypto';
import type { SharedRedis } from '../lib/redis';

const COUNT_LIVE = `
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  if redis.call('EXISTS', ARGV[1] .. fields[i]) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
return total`;

export interface SharedSocketCounts {
  /** Open sockets of this address on every live copy (this one's included). */
  countAddress(address: string): Promise<number>;
  /** This copy now holds `count` sockets of the address. */
  set(address: string, count: number): void;
  close(): Promise<void>;
}

export function createSharedSocketCounts(
  redis: SharedRedis,
  /** This copy's counts per address (read at each heartbeat). */
  local: () => ReadonlyMap<string, number>,
  options: { ttlSeconds?: number; copyId?: string } = {},
): SharedSocketCounts {
  const ttl = options.ttlSeconds ?? 30;
  const copy = options.copyId ?? randomUUID();
  // ioredis prefixes KEYS, not the keys a script builds itself.
  const prefix = redis.options.keyPrefix ?? '';
  const addressKey = (address: string) => `ws:address:${address}`;
  const heartbeatKey = `ws:copy:${copy}`;
  const ignore = () => undefined;

  const beat = () => {
    const batch = redis.multi().set(heartbeatKey, '1', 'EX', ttl);
    for (const [address, count] of local())
      batch.hset(addressKey(address), copy, count).expire(addressKey(address), ttl * 2);
    batch.exec().catch(ignore);
  };
  beat();
  const timer = setInterval(beat, Math.max(1, Math.floor(ttl / 3)) * 1000);
  timer.unref();

  return {
    async countAddress(address) {
      try {
        const total = await redis.eval(COUNT_LIVE, 1, addressKey(address), `${prefix}ws:copy:`);
        return Number(total);
      } catch {
        return 0;
      }
    },
    set(address, count) {
      const key = addressKey(address);
      const write =
        count > 0
          ? redis
              .multi()
              .hset(key, copy, count)
              .expire(key, ttl * 2)
              .exec()
          : redis.hdel(key, copy);
      write.catch(ignore);
    },
    async close() {
      clearInterval(timer);
      await redis.del(heartbeatKey).catch(ignore);
    },
  };
}
