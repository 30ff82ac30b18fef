/**
 * A rate per key (a client's address, a visitor): at most `max` uses in each
 * window of `windowMs`, kept in memory (one process serves the site). Unlike
 * the login throttle, which slows failures down, this bounds how often
 * anything may be done at all. Keys are kept for their window only, at most
 * `maxEntries` of them (the least recently used go first).
 */
interface Window {
  start: number;
  count: number;
}

export interface RateLimit {
  /** Counts one use by `key`: 0 when it is allowed, else the seconds until it would be. */
  take(key: string, now?: number): number;
}

export function createRateLimit({
  max,
  windowMs,
  maxEntries = 10_000,
}: {
  max: number;
  windowMs: number;
  maxEntries?: number;
}): RateLimit {
  const windows = new Map<string, Window>();
  return {
    take(key, now = Date.now()) {
      const current = windows.get(key);
      const window = current && now - current.start < windowMs ? current : { start: now, count: 0 };
      // Insertion order is recency order, so the first entries are the ones to drop.
      windows.delete(key);
      windows.set(key, window);
      for (const [oldest] of windows) {
        if (windows.size <= maxEntries) break;
        windows.delete(oldest);
      }
      if (window.count >= max) return Math.ceil((window.start + windowMs - now) / 1000);
      window.count += 1;
      return 0;
    },
  };
}
