/**
 * The per-address socket cap counted across the server copies in Redis (REDIS_URL): each copy
 * writes its own count of an address's open sockets into that address's hash (field = the copy),
 * and keeps a heartbeat key of its own alive with an expiry. Counting sums the fields of copies
 * whose heartbeat is there, so a copy that died (kill -9, a crash) stops counting within `ttlSeconds`
 * and its fields are removed on the next count. Every `ttlSeconds / 3` a copy writes again what it
 * holds, which also puts its counts back after Redis itself was restarted.
 *
 * The per-account cap (`accounts`) is counted there too: each account has a sorted set of
 * `<copy>|<socket id>` scored by the time Redis admitted it (one clock for every copy). Admitting
 * a socket adds it and, in the same script, picks the account's oldest entries past the cap among
 * live copies (a dead copy's entries are removed, as in COUNT_LIVE); never the socket just added.
 * The copy refreshes its entries at each heartbeat (they come back after a Redis restart) and
 * removes an entry when its socket closes; a picked entry stays until its owner closes the
 * socket, so a close that was not heard is picked, and told, again at the account's next socket.
 *
 * A picked socket on another copy is closed by that copy, told through Redis pub/sub on a channel
 * of its own (a dedicated subscriber connection), not through the LISTEN/NOTIFY channel: the
 * decision is taken in Redis, so telling it depends on nothing the count does not (Redis down: no
 * pick, nothing to tell); NOTIFY would put a write on the database that holds the money for each
 * replaced tab, and every copy would parse every close meant for one. A copy closes only its own
 * sockets (its channel names only them, and it looks each up in its own registry).
 *
 * Redis down never refuses a socket: a count that fails is 0 here, an admission that fails picks
 * nothing, and the copy's own in-memory caps (SocketRegistry) still apply.
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

/**
 * KEYS: the account's set, this copy's heartbeat. ARGV: heartbeat key prefix, this copy, the new
 * socket's id, the cap, the heartbeat's expiry (s), the close channels' prefix, the account.
 * Returns [the score given (ms, Redis's clock), ids of this copy's sockets to close]; the others
 * are published to their copy's channel as `<socket id>|<account>`.
 */
const ADMIT_ACCOUNT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local member = ARGV[2] .. '|' .. ARGV[3]
redis.call('SET', KEYS[2], '1', 'EX', ARGV[5])
redis.call('ZADD', KEYS[1], now, member)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[5]) * 2)
local live = {}
for _, entry in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local copy = string.match(entry, '^(.-)|')
  if copy and redis.call('EXISTS', ARGV[1] .. copy) == 1 then
    live[#live + 1] = entry
  else
    redis.call('ZREM', KEYS[1], entry)
  end
end
local over = #live - tonumber(ARGV[4])
local mine = {}
for _, entry in ipairs(live) do
  if over <= 0 then break end
  if entry ~= member then
    over = over - 1
    local copy, id = string.match(entry, '^(.-)|(.*)$')
    if copy == ARGV[2] then
      mine[#mine + 1] = id
    else
      redis.call('PUBLISH', ARGV[6] .. copy, id .. '|' .. ARGV[7])
    end
  end
end
return {now, mine}`;

export interface SharedSocketCounts {
  /** Open sockets of this address on every live copy (this one's included). */
  countAddress(address: string): Promise<number>;
  /** This copy now holds `count` sockets of the address. */
  set(address: string, count: number): void;
  /**
   * A socket of the account was admitted on this copy: the account's oldest sockets past the cap,
   * counting every live copy, are closed wherever they are. Never rejects (Redis down: nothing).
   */
  admitAccount(userId: string, socketId: string): Promise<void>;
  /** A socket of the account closed on this copy. */
  forgetAccount(userId: string, socketId: string): void;
  close(): Promise<void>;
}

export interface SharedAccountCap {
  max: number;
  /** Closes this copy's socket with that id (CLOSE.replaced); false when it holds none. */
  close(socketId: string): boolean;
}

export function createSharedSocketCounts(
  redis: SharedRedis,
  /** This copy's counts per address (read at each heartbeat). */
  local: () => ReadonlyMap<string, number>,
  options: { ttlSeconds?: number; copyId?: string; accounts?: SharedAccountCap } = {},
): SharedSocketCounts {
  const ttl = options.ttlSeconds ?? 30;
  const copy = options.copyId ?? randomUUID();
  // ioredis prefixes KEYS, not the keys a script builds itself.
  const prefix = redis.options.keyPrefix ?? '';
  const addressKey = (address: string) => `ws:address:${address}`;
  const heartbeatKey = `ws:copy:${copy}`;
  const accountKey = (userId: string) => `ws:account:${userId}`;
  // Pub/sub channels are not prefixed by ioredis.
  const closeChannel = `${prefix}ws:close:`;
  const ignore = () => undefined;
  // This copy's signed-in sockets as written in their accounts' sets, by socket id.
  const entries = new Map<string, { key: string; member: string; score: number }>();
  // Removals that failed (Redis down): tried again at each heartbeat. Bounded: one left over
  // only counts until its account's set expires, or is removed when it is picked (the copy holds
  // no such socket).
  let unremoved: { key: string; member: string }[] = [];
  const keepUnremoved = (list: { key: string; member: string }[]) => {
    unremoved.push(...list.slice(0, Math.max(0, 10_000 - unremoved.length)));
  };
  const remove = (key: string, member: string) => {
    redis.zrem(key, member).catch(() => keepUnremoved([{ key, member }]));
  };

  const beat = () => {
    const batch = redis.multi().set(heartbeatKey, '1', 'EX', ttl);
    for (const [address, count] of local())
      batch.hset(addressKey(address), copy, count).expire(addressKey(address), ttl * 2);
    for (const { key, member, score } of entries.values())
      batch.zadd(key, score, member).expire(key, ttl * 2);
    const retried = unremoved;
    unremoved = [];
    for (const { key, member } of retried) batch.zrem(key, member);
    batch.exec().catch(() => keepUnremoved(retried));
  };
  beat();
  const timer = setInterval(beat, Math.max(1, Math.floor(ttl / 3)) * 1000);
  timer.unref();

  const accounts = options.accounts;
  const subscriber = accounts ? redis.duplicate({ lazyConnect: false }) : null;
  if (subscriber && accounts) {
    // Redis down is logged by the main connection; this one reconnects and subscribes again.
    subscriber.on('error', ignore);
    subscriber.on('ready', () => void subscriber.subscribe(closeChannel + copy).catch(ignore));
    subscriber.on('message', (_channel: string, message: string) => {
      const cut = message.indexOf('|');
      const socketId = message.slice(0, cut);
      if (cut > 0 && !accounts.close(socketId))
        remove(accountKey(message.slice(cut + 1)), `${copy}|${socketId}`);
    });
  }

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
    async admitAccount(userId, socketId) {
      if (!accounts) return;
      const key = accountKey(userId);
      // Written at the next heartbeat with this copy's clock if Redis does not answer now.
      const entry = { key, member: `${copy}|${socketId}`, score: Date.now() };
      entries.set(socketId, entry);
      let picked: string[];
      try {
        const [score, mine] = (await redis.eval(
          ADMIT_ACCOUNT,
          2,
          key,
          heartbeatKey,
          `${prefix}ws:copy:`,
          copy,
          socketId,
          accounts.max,
          ttl,
          closeChannel,
          userId,
        )) as [number, string[]];
        entry.score = Number(score);
        picked = mine;
      } catch {
        return;
      }
      for (const id of picked) if (!accounts.close(id)) remove(key, `${copy}|${id}`);
    },
    forgetAccount(userId, socketId) {
      if (!entries.delete(socketId)) return;
      remove(accountKey(userId), `${copy}|${socketId}`);
    },
    async close() {
      clearInterval(timer);
      subscriber?.disconnect();
      await redis.del(heartbeatKey).catch(ignore);
    },
  };
}
