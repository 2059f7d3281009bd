/**
 * Fixed-window counters in memory with a bounded number of keys: the outer per-address bound on the
 * API and on socket attempts. When the table is full the oldest windows are dropped first, so an
 * attacker rotating addresses costs memory up to the bound and no more.
 */
export interface WindowCounter {
  /** Counts one hit; `retryAfterMs` > 0 when the key is over its limit in this window. */
  hit(key: string): { allowed: boolean; retryAfterMs: number };
  size(): number;
}

export function createWindowCounter(options: {
  max: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}): WindowCounter {
  const maxKeys = options.maxKeys ?? 100_000;
  const now = options.now ?? Date.now;
  // Map keeps insertion order: a key re-inserted on a new window moves to the end.
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        windows.delete(key);
        w = { start: t, count: 0 };
        windows.set(key, w);
        while (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
      }
      w.count += 1;
      if (w.count <= options.max) return { allowed: true, retryAfterMs: 0 };
      return { allowed: false, retryAfterMs: w.start + options.windowMs - t };
    },
    size: () => windows.size,
  };
}

/** A fixed-window counter whose hits are async: counted in Redis when the copies share one. */
export interface AsyncWindowCounter {
  hit(key: string): Promise<{ allowed: boolean; retryAfterMs: number }>;
}

/**
 * The same fixed windows counted in Redis across every server copy (`INCR` on a key per window,
 * expiring with it). Without Redis, or while it does not answer, this copy's memory counts (a
 * limit per copy instead of none).
 */
export function createSharedWindowCounter(
  redis: {
    incr(key: string): Promise<number>;
    pexpire(key: string, ms: number): Promise<number>;
  } | null,
  name: string,
  options: { max: number; windowMs: number; maxKeys?: number; now?: () => number },
): AsyncWindowCounter {
  const local = createWindowCounter(options);
  const now = options.now ?? Date.now;
  if (!redis) return { hit: async (key) => local.hit(key) };
  return {
    async hit(key) {
      const t = now();
      const window = Math.floor(t / options.windowMs);
      const redisKey = `${name}:${window}:${key}`;
      try {
        const count = await redis.incr(redisKey);
        if (count === 1) await redis.pexpire(redisKey, options.windowMs);
        if (count <= options.max) return { allowed: true, retryAfterMs: 0 };
        return { allowed: false, retryAfterMs: (window + 1) * options.windowMs - t };
      } catch {
        return local.hit(key);
      }
    },
  };
}
