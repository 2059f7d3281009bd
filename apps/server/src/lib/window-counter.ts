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
